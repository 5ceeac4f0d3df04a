import { parse } from 'qs'
import type { ParsedQuery } from './list-query'

/**
 * The server's reading of query strings, on `qs`, for hostile input: bracketed keys
 * (`?$limit=10&$sort[firstname]=1&$or[0][firstname][$regex]=an`) with depth, parameter count and
 * array length capped, every object built with a null prototype, and no key that reaches a
 * prototype (`__proto__`, `toString[call]` …). Out of the protocol's index: the console only writes
 * list queries (`encodeListQuery`) and never loads `qs` (about 18 KB gzipped with its dependencies).
 *
 * @example
 * decodeQueryString('?$limit=10&$sort[name]=1') // { $limit: '10', $sort: { name: '1' } }, null prototypes throughout
 */

/** How much of a query string is read: nesting, `key=value` pairs, and array indexes. */
export const QUERY_STRING_LIMITS = { depth: 5, parameterLimit: 200, arrayLimit: 100 } as const

/**
 * Parses a query string (with or without its `?`) into nested null-prototype objects and arrays of
 * strings. Pairs past the limit are dropped; brackets deeper than the limit stay in the last key.
 */
export function decodeQueryString(search: string): ParsedQuery {
  return parse(search, {
    ...QUERY_STRING_LIMITS,
    ignoreQueryPrefix: true,
    allowPrototypes: false,
    plainObjects: true,
    allowDots: false,
    comma: false,
    charset: 'utf-8',
  }) as ParsedQuery
}
