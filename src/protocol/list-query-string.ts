import { parse, stringify } from 'qs'
import type { ListQuery, ParsedQuery } from './list-query'

/**
 * The wire form of list queries (SPEC §7), on `qs`: a bracketed query string
 * (`?$limit=10&$sort[firstname]=1&$or[0][firstname][$regex]=an`). Decoding is for hostile input:
 * depth, parameter count and array length are capped, every object is built with a null prototype
 * and no key may reach a prototype (`__proto__`, `toString[call]` …). Kept out of the protocol's
 * index so the console loads `qs` only with the screens that list things.
 *
 * @example
 * const text = encodeListQuery({ $limit: 10, $sort: { name: 1 } }) // '?$limit=10&$sort[name]=1'
 * decodeQueryString(text) // { $limit: '10', $sort: { name: '1' } }, null prototypes throughout
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

/** Keys keep their brackets and `$` readable; anything else is percent-encoded. */
function encodePart(text: string, encode: (text: string) => string, _charset: string, type: string): string {
  const encoded = encodeURIComponent(text)
  return type === 'key'
    ? encoded.replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$')
    : encode(text)
}

/**
 * Encodes a list query as a query string (with the leading `?`, or `''` when empty); lists are
 * indexed (`id[$in][0]=a`).
 */
export function encodeListQuery(query: ListQuery): string {
  return stringify(query, {
    addQueryPrefix: true,
    arrayFormat: 'indices',
    encoder: encodePart,
    skipNulls: true,
  })
}
