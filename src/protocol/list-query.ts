import * as v from 'valibot'

/**
 * List queries of SPEC §7 in the Feathers style: `$limit`, `$skip`, `$sort[field]=1|-1`, equality,
 * `$in`, `$nin`, `$ne`, `$regex` (+ `$options=i`) on fields, and `$or` of such filters. On the wire they
 * are a bracketed query string (`?$limit=10&$sort[firstname]=1&$or[0][firstname][$regex]=an`);
 * `encodeListQuery` and `decodeQueryString` are the one implementation both sides use.
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
 * Encodes a list query as a query string (with the leading `?`, or `''` when empty).
 *
 * @example
 * encodeListQuery({ $limit: 10, $skip: 0, $sort: { name: 1 } }) // '?$limit=10&$skip=0&$sort[name]=1'
 */
export function encodeListQuery(query: ListQuery): string {
  const parts: string[] = []
  const push = (key: string, value: unknown): void => {
    if (value === undefined) return
    if (Array.isArray(value)) value.forEach((item, index) => push(`${key}[${index}]`, item))
    else if (value !== null && typeof value === 'object')
      for (const [child, inner] of Object.entries(value)) push(`${key}[${child}]`, inner)
    else parts.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`)
  }
  for (const [key, value] of Object.entries(query)) push(key, value)
  return parts.length === 0 ? '' : `?${parts.join('&')}`
}

function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$')
}

/** A parsed query string: strings, nested objects, and arrays for `a[]=` or numeric indexes. */
export type ParsedQuery = { [key: string]: ParsedQueryValue }
/** A value of a parsed query string. */
export type ParsedQueryValue = string | ParsedQueryValue[] | ParsedQuery

const MAX_QUERY_DEPTH = 5
const MAX_QUERY_PARAMS = 200

/**
 * Parses a bracketed query string (`a[b][0]=x&c[]=y`) into nested objects and arrays; values stay
 * strings. Depth and parameter count are capped; keys that would touch prototypes are dropped.
 */
export function decodeQueryString(search: string): ParsedQuery {
  const root: ParsedQuery = {}
  const text = search.startsWith('?') ? search.slice(1) : search
  if (text === '') return root
  for (const pair of text.split('&').slice(0, MAX_QUERY_PARAMS)) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq))
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1))
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey)
    if (!match) continue
    const path = [
      match[1] as string,
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
    ]
    if (
      path.length > MAX_QUERY_DEPTH ||
      path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')
    )
      continue
    assign(root, path, value)
  }
  return normaliseArrays(root) as ParsedQuery
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function assign(target: ParsedQuery, path: string[], value: string): void {
  let node: ParsedQuery = target
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] === '' ? String(Object.keys(node).length) : (path[i] as string)
    const next = node[key]
    if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[key] = {}
    node = node[key] as ParsedQuery
  }
  const last = path[path.length - 1] as string
  node[last === '' ? String(Object.keys(node).length) : last] = value
}

/** Objects whose keys are all 0..n-1 become arrays (`a[]=x&a[]=y`, `$or[0]...`). */
function normaliseArrays(value: ParsedQueryValue): ParsedQueryValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const entries = keys.map((key) => [key, normaliseArrays(value[key] as ParsedQueryValue)] as const)
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return entries.map(([, item]) => item)
  const result: ParsedQuery = {}
  for (const [key, item] of entries) result[key] = item
  return result
}
