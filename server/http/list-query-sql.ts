import type { Paged, ParsedQuery, ParsedQueryValue } from '../../src/protocol'
import { ServerError } from '../errors'

/** How a filterable field maps to SQL. */
export interface ListField {
  /** A SQL expression (a column or a computed one). */
  sql: string
  type: 'text' | 'number' | 'boolean'
}

/** A list query turned into SQL pieces. */
export interface ListSql {
  /** `AND`-joined conditions (starts with `AND` when not empty), using `$n` after the caller's params. */
  where: string
  params: unknown[]
  orderBy: string
  limit: number
  skip: number
  sortField: string | null
  sortOrder: 1 | -1 | null
}

/** Keys that are not filters and are ignored here (`$select`, `$populate`). */
const IGNORED = new Set(['$select', '$populate'])
const MAX_LIMIT = 100
const MAX_REGEX = 200

/**
 * Turns a decoded Feathers-style list query into SQL over whitelisted fields: equality, `$in`, `$nin`,
 * `$ne`, `$regex` (+`$options=i`), `$or`, `$sort`, `$limit`, `$skip`. Unknown fields answer 400, so a
 * typo never silently returns everything.
 *
 * @param firstParam the number of the first `$n` to use (after the caller's own params).
 */
export function listQueryToSql(
  query: ParsedQuery,
  fields: Record<string, ListField>,
  options: { firstParam: number; defaultLimit: number; defaultSort: string },
): ListSql {
  const params: unknown[] = []
  const placeholder = (value: unknown) => {
    params.push(value)
    return `$${options.firstParam + params.length - 1}`
  }
  const conditions: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('$') || IGNORED.has(key)) continue
    conditions.push(fieldCondition(key, value, fields, placeholder))
  }
  const or = query.$or
  if (or !== undefined) {
    if (!Array.isArray(or)) throw new ServerError(400, '$or must be a list')
    const parts = or.map((item) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw new ServerError(400, '$or items must be objects')
      const inner = Object.entries(item).map(([key, value]) =>
        fieldCondition(key, value, fields, placeholder),
      )
      return inner.length === 0 ? 'TRUE' : `(${inner.join(' AND ')})`
    })
    if (parts.length > 0) conditions.push(`(${parts.join(' OR ')})`)
  }
  const limit = clampInt(query.$limit, options.defaultLimit, 1, MAX_LIMIT)
  const skip = clampInt(query.$skip, 0, 0, 1_000_000)
  const sorts: string[] = []
  let sortField: string | null = null
  let sortOrder: 1 | -1 | null = null
  const sort = query.$sort
  if (sort !== undefined) {
    if (typeof sort !== 'object' || Array.isArray(sort)) throw new ServerError(400, '$sort must be an object')
    for (const [key, direction] of Object.entries(sort)) {
      const field = fields[key]
      if (!field) throw new ServerError(400, `Unknown sort field ${key}`)
      const order = direction === '-1' ? -1 : direction === '1' ? 1 : null
      if (order === null) throw new ServerError(400, `Sort order of ${key} must be 1 or -1`)
      sorts.push(`${field.sql} ${order === 1 ? 'ASC' : 'DESC'}`)
      if (sortField === null) {
        sortField = key
        sortOrder = order
      }
    }
  }
  sorts.push(options.defaultSort)
  return {
    where: conditions.map((c) => ` AND ${c}`).join(''),
    params,
    orderBy: sorts.join(', '),
    limit,
    skip,
    sortField,
    sortOrder,
  }
}

function fieldCondition(
  key: string,
  value: ParsedQueryValue,
  fields: Record<string, ListField>,
  placeholder: (value: unknown) => string,
): string {
  const field = fields[key]
  if (!field) throw new ServerError(400, `Unknown filter field ${key}`)
  if (typeof value === 'string') return `${field.sql} = ${placeholder(coerce(value, field, key))}`
  if (Array.isArray(value)) throw new ServerError(400, `Filter ${key} must be a value or an operator object`)
  const parts: string[] = []
  for (const [operator, operand] of Object.entries(value)) {
    switch (operator) {
      case '$in':
      case '$nin': {
        const list = Array.isArray(operand) ? operand : [operand]
        const values = list.map((item) => {
          if (typeof item !== 'string') throw new ServerError(400, `${operator} of ${key} must hold values`)
          return coerce(item, field, key)
        })
        const sqlList = values.length === 0 ? 'NULL' : values.map(placeholder).join(', ')
        parts.push(operator === '$in' ? `${field.sql} IN (${sqlList})` : `${field.sql} NOT IN (${sqlList})`)
        break
      }
      case '$ne':
        if (typeof operand !== 'string') throw new ServerError(400, `$ne of ${key} must be a value`)
        parts.push(`${field.sql} IS DISTINCT FROM ${placeholder(coerce(operand, field, key))}`)
        break
      case '$regex': {
        if (field.type !== 'text' || typeof operand !== 'string' || operand.length > MAX_REGEX)
          throw new ServerError(400, `$regex of ${key} must be a short pattern on a text field`)
        const flags = value.$options
        const insensitive = typeof flags === 'string' && flags.includes('i')
        parts.push(`${field.sql} ${insensitive ? '~*' : '~'} ${placeholder(operand)}`)
        break
      }
      case '$options':
        break
      default:
        throw new ServerError(400, `Unknown operator ${operator}`)
    }
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ')
}

function coerce(value: string, field: ListField, key: string): string | number | boolean {
  if (field.type === 'number') {
    const n = Number(value)
    if (value === '' || Number.isNaN(n)) throw new ServerError(400, `${key} must be a number`)
    return n
  }
  if (field.type === 'boolean') {
    if (value !== 'true' && value !== 'false') throw new ServerError(400, `${key} must be true or false`)
    return value === 'true'
  }
  return value
}

function clampInt(value: ParsedQueryValue | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const n = typeof value === 'string' ? Number(value) : NaN
  if (!Number.isInteger(n)) throw new ServerError(400, '$limit and $skip must be integers')
  return Math.min(max, Math.max(min, n))
}

/** A page in the protocol's shape. */
export function toPage<T>(data: T[], total: number, sql: ListSql): Paged<T> {
  return {
    data,
    total,
    limit: sql.limit,
    skip: sql.skip,
    page: Math.floor(sql.skip / sql.limit) + 1,
    sortField: sql.sortField,
    sortOrder: sql.sortOrder,
  }
}
