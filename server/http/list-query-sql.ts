import { hasControlCharacters, type Paged, type ParsedQuery, type ParsedQueryValue } from '../../src/protocol'
import { ServerError } from '../errors'

/** How a filterable field maps to SQL. */
export interface ListField {
  /** A SQL expression (a column or a computed one). */
  sql: string
  /** `number` is a 32-bit integer column; `instant` a timestamp one (compared, never matched by `$regex`). */
  type: 'text' | 'number' | 'boolean' | 'instant'
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
const MAX_SKIP = 1_000_000
const MAX_REGEX = 200
const MAX_VALUE = 256
const MAX_INT = 2_147_483_647
// Timestamps a filter may name: years 1 to 9999. Further ones are input errors, not database errors.
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z')
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z')

/** A key of an object built from input, read as its own property only (never one inherited from a prototype). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/** The entries of an object built from input: own string keys only. */
function ownEntries<T>(record: Readonly<Record<string, T>>): [string, T][] {
  return Object.keys(record).map((key) => [key, record[key] as T])
}

/**
 * Turns a decoded Feathers-style list query into SQL over whitelisted fields: equality, `$in`, `$nin`,
 * `$ne`, `$gt`, `$gte`, `$lt`, `$lte` (instants on date fields), `$regex` (+`$options=i`), `$or`, `$sort`,
 * `$limit`, `$skip`. Unknown fields, control
 * characters, bad patterns and out-of-range numbers or dates answer 400, so a typo never silently
 * returns everything and no input reaches the database as an error.
 *
 * @param firstParam the number of the first `$n` to use (after the caller's own params).
 */
export function listQueryToSql(
  query: ParsedQuery,
  fields: Readonly<Record<string, ListField>>,
  options: { firstParam: number; defaultLimit: number; defaultSort: string },
): ListSql {
  const params: unknown[] = []
  const placeholder = (value: unknown) => {
    params.push(value)
    return `$${options.firstParam + params.length - 1}`
  }
  const conditions: string[] = []
  for (const [key, value] of ownEntries(query)) {
    if (key.startsWith('$') || IGNORED.has(key)) continue
    conditions.push(fieldCondition(key, value, fields, placeholder))
  }
  const or = own(query, '$or')
  if (or !== undefined) {
    if (!Array.isArray(or)) throw new ServerError(400, '$or must be a list')
    const parts = or.map((item) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw new ServerError(400, '$or items must be objects')
      const inner = ownEntries(item).map(([key, value]) => fieldCondition(key, value, fields, placeholder))
      return inner.length === 0 ? 'TRUE' : `(${inner.join(' AND ')})`
    })
    if (parts.length > 0) conditions.push(`(${parts.join(' OR ')})`)
  }
  const limit = clampInt(own(query, '$limit'), options.defaultLimit, 1, MAX_LIMIT)
  const skip = clampInt(own(query, '$skip'), 0, 0, MAX_SKIP)
  const sorts: string[] = []
  let sortField: string | null = null
  let sortOrder: 1 | -1 | null = null
  const sort = own(query, '$sort')
  if (sort !== undefined) {
    if (typeof sort !== 'object' || Array.isArray(sort)) throw new ServerError(400, '$sort must be an object')
    for (const [key, direction] of ownEntries(sort)) {
      const field = knownField(fields, key, 'sort')
      const order = direction === '-1' ? -1 : direction === '1' ? 1 : null
      if (order === null) throw new ServerError(400, `Sort order of ${printable(key)} must be 1 or -1`)
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

/** A field name for a message: short, without control characters. */
function printable(key: string): string {
  return JSON.stringify(key.slice(0, 64))
}

function knownField(
  fields: Readonly<Record<string, ListField>>,
  key: string,
  use: 'filter' | 'sort',
): ListField {
  const field = own(fields, key)
  if (!field) throw new ServerError(400, `Unknown ${use} field ${printable(key)}`)
  return field
}

function fieldCondition(
  key: string,
  value: ParsedQueryValue,
  fields: Readonly<Record<string, ListField>>,
  placeholder: (value: unknown) => string,
): string {
  const field = knownField(fields, key, 'filter')
  if (typeof value === 'string') return `${field.sql} = ${placeholder(coerce(value, field, key))}`
  if (Array.isArray(value))
    throw new ServerError(400, `Filter ${printable(key)} must be a value or an operator object`)
  const parts: string[] = []
  for (const [operator, operand] of ownEntries(value)) {
    switch (operator) {
      case '$in':
      case '$nin': {
        const list = Array.isArray(operand) ? operand : [operand]
        const values = list.map((item) => {
          if (typeof item !== 'string')
            throw new ServerError(400, `${operator} of ${printable(key)} must hold values`)
          return coerce(item, field, key)
        })
        const sqlList = values.length === 0 ? 'NULL' : values.map(placeholder).join(', ')
        parts.push(operator === '$in' ? `${field.sql} IN (${sqlList})` : `${field.sql} NOT IN (${sqlList})`)
        break
      }
      case '$ne':
        if (typeof operand !== 'string')
          throw new ServerError(400, `$ne of ${printable(key)} must be a value`)
        parts.push(`${field.sql} IS DISTINCT FROM ${placeholder(coerce(operand, field, key))}`)
        break
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        // Date ranges only (the Recordings filter): SPEC §7 names no other, and a number field keeps refusing.
        if (typeof operand !== 'string' || field.type !== 'instant')
          throw new ServerError(400, `${operator} of ${printable(key)} must be an instant on a date field`)
        const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator]
        parts.push(`${field.sql} ${sign} ${placeholder(coerce(operand, field, key))}`)
        break
      }
      case '$regex': {
        const flags = own(value, '$options')
        const insensitive = typeof flags === 'string' && flags.includes('i')
        parts.push(`${field.sql} ${insensitive ? '~*' : '~'} ${placeholder(pattern(operand, field, key))}`)
        break
      }
      case '$options':
        break
      default:
        throw new ServerError(400, `Unknown operator ${printable(operator)}`)
    }
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ')
}

/** A `$regex` operand: a short pattern on a text field that a regular expression engine accepts. */
function pattern(operand: ParsedQueryValue | undefined, field: ListField, key: string): string {
  if (field.type !== 'text' || typeof operand !== 'string' || operand.length > MAX_REGEX)
    throw new ServerError(400, `$regex of ${printable(key)} must be a short pattern on a text field`)
  if (hasControlCharacters(operand))
    throw new ServerError(400, `$regex of ${printable(key)} must not hold control characters`)
  try {
    new RegExp(operand)
  } catch {
    // PostgreSQL's syntax differs in places: what slips through here is caught as its error (errors.ts).
    throw new ServerError(400, `$regex of ${printable(key)} is not a valid pattern`)
  }
  return operand
}

function coerce(value: string, field: ListField, key: string): string | number | boolean | Date {
  const name = printable(key)
  if (hasControlCharacters(value)) throw new ServerError(400, `${name} must not hold control characters`)
  if (value.length > MAX_VALUE) throw new ServerError(400, `${name} is too long`)
  switch (field.type) {
    case 'number': {
      const n = Number(value)
      if (value.trim() === '' || !Number.isInteger(n) || Math.abs(n) > MAX_INT)
        throw new ServerError(400, `${name} must be a whole number between −${MAX_INT} and ${MAX_INT}`)
      return n
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw new ServerError(400, `${name} must be true or false`)
      return value === 'true'
    case 'instant': {
      const instant = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value)
        ? Date.parse(value)
        : NaN
      if (!(instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT))
        throw new ServerError(400, `${name} must be an ISO 8601 date between the years 1 and 9999`)
      return new Date(instant)
    }
    default:
      return value
  }
}

function clampInt(value: ParsedQueryValue | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
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
