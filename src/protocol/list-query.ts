import * as v from 'valibot'

/**
 * List queries of SPEC §7 in the Feathers style: `$limit`, `$skip`, `$sort[field]=1|-1`, equality,
 * `$in`, `$nin`, `$ne`, `$gt`/`$gte`/`$lt`/`$lte`, `$regex` (+ `$options=i`) on fields, and `$or` of such filters. On the wire they
 * are a bracketed query string (`?$limit=10&$sort[firstname]=1&$or[0][firstname][$regex]=an`) that
 * the console writes with `encodeListQuery` and the server reads with `qs` (`./query-string`); a test
 * holds the two to a round trip.
 */

/** A filter on one field. */
export type FieldFilter =
  | string
  | number
  | boolean
  | {
      $in?: (string | number | boolean)[]
      $nin?: (string | number | boolean)[]
      $ne?: string | number | boolean
      /** Ranges on date fields, as ISO 8601 instants. */
      $gt?: string | number
      $gte?: string | number
      $lt?: string | number
      $lte?: string | number
      $regex?: string
      /** Regex flags; only `i` is honoured. */
      $options?: string
    }

/** A list query. Fields other than the `$` ones are filters. */
export interface ListQuery {
  $limit?: number
  $skip?: number
  $sort?: Record<string, 1 | -1>
  $or?: Record<string, FieldFilter>[]
  [field: string]: FieldFilter | Record<string, FieldFilter>[] | Record<string, 1 | -1> | number | undefined
}

/** A page of results. `limit` is the page size the server applied (the console's tables use it). */
export interface Paged<T> {
  data: T[]
  total: number
  limit: number
  skip: number
  /** 1-based page: skip / limit + 1. */
  page: number
  /** The first sort field, if any. */
  sortField: string | null
  /** 1 ascending, -1 descending, null when unsorted. */
  sortOrder: 1 | -1 | null
}

/** Validator of a page whose items match `item`. */
export function pagedSchema<T extends v.GenericSchema>(item: T) {
  return v.object({
    data: v.array(item),
    total: v.number(),
    limit: v.number(),
    skip: v.number(),
    page: v.number(),
    sortField: v.nullable(v.string()),
    sortOrder: v.nullable(v.picklist([1, -1])),
  })
}

/** The skip of a 1-based page: page size × (page − 1). */
export function skipOf(page: number, pageSize: number): number {
  return pageSize * (Math.max(1, page) - 1)
}

/** A regex filter that matches `text` anywhere, case-insensitively, with regex characters escaped. */
export function containsFilter(text: string): FieldFilter {
  return { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' }
}

/**
 * Encodes a list query as a query string (with the leading `?`, or `''` when empty): nested objects
 * as brackets, lists with indexes (`id[$in][0]=a`), every key and value percent-encoded but the
 * brackets and `$` of keys. Small on purpose: `qs`'s own writer would add 18 KB to the console.
 *
 * @example
 * encodeListQuery({ $limit: 10, $skip: 0, $sort: { name: 1 } }) // '?$limit=10&$skip=0&$sort[name]=1'
 */
export function encodeListQuery(query: ListQuery): string {
  const pairs: string[] = []
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return
    if (typeof value === 'object')
      for (const [child, inner] of Object.entries(value)) add(`${key}[${child}]`, inner)
    else pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`)
  }
  for (const [key, value] of Object.entries(query)) add(key, value)
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$')
}

/** A parsed query string: strings, nested null-prototype objects (read them with `Object.hasOwn`), and arrays. */
export type ParsedQuery = { [key: string]: ParsedQueryValue }
/** A value of a parsed query string. */
export type ParsedQueryValue = string | ParsedQueryValue[] | ParsedQuery
