import * as v from 'valibot'

/**
 * Bounds on free-form JSON (integration data, exchange data, app options, signal data): a hostile
 * client must not store a value the server cannot walk, encode or send on (issue 64: an array nested
 * 3,000 deep was stored, then broke every emit of the call).
 */

/** The limits a free-form value keeps. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects (the value itself is depth 1 when it is one). */
  maxDepth: number
  /** Most keys of one object. */
  maxKeys: number
  /** Most items of one array. */
  maxItems: number
  /** Longest string, key or value, in characters. */
  maxString: number
  /** Largest value once serialized as JSON, in characters. */
  maxBytes: number
}

/** The limits of every free-form value of the protocol unless its schema names others. */
export const JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 32,
  maxKeys: 200,
  maxItems: 1_000,
  maxString: 10_000,
  maxBytes: 64 * 1024,
})

/** Keys refused in free-form objects: careless code that merges them reaches a prototype. */
export const FORBIDDEN_JSON_KEYS: readonly string[] = Object.freeze(['__proto__', 'constructor', 'prototype'])

/**
 * The first way `value` breaks `limits` (in plain English), or null when it keeps them. The walk is
 * iterative and stops at the first breach: a value nested 100,000 deep costs `maxDepth` steps, not
 * a stack overflow. Only JSON values pass (no function, symbol, bigint or non-finite number; an
 * undefined field, which JSON leaves out, is let through).
 *
 * @example
 * jsonBoundsProblem({ a: [[1]] }, JSON_LIMITS) // null
 * jsonBoundsProblem(JSON.parse('{"__proto__":{}}'), JSON_LIMITS) // 'key "__proto__" is not allowed'
 */
export function jsonBoundsProblem(value: unknown, limits: JsonLimits = JSON_LIMITS): string | null {
  let size = 0
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop() as { value: unknown; depth: number }
    // JSON.stringify leaves an undefined field out (null in an array): nothing to bound.
    if (node === undefined) continue
    if (node === null || typeof node === 'boolean') size += 5
    else if (typeof node === 'number') {
      if (!Number.isFinite(node)) return 'numbers must be finite'
      size += String(node).length
    } else if (typeof node === 'string') {
      if (node.length > limits.maxString) return `strings must be at most ${limits.maxString} characters`
      size += node.length + 2
    } else if (typeof node === 'object') {
      if (depth + 1 > limits.maxDepth) return `nesting must be at most ${limits.maxDepth} levels deep`
      if (Array.isArray(node)) {
        if (node.length > limits.maxItems) return `arrays must hold at most ${limits.maxItems} items`
        size += 2 + node.length
        for (const item of node) stack.push({ value: item, depth: depth + 1 })
      } else {
        const keys = Object.keys(node)
        if (keys.length > limits.maxKeys) return `objects must hold at most ${limits.maxKeys} keys`
        size += 2 + keys.length
        for (const key of keys) {
          if (FORBIDDEN_JSON_KEYS.includes(key)) return `key "${key}" is not allowed`
          if (key.length > limits.maxString) return `keys must be at most ${limits.maxString} characters`
          size += key.length + 3
          stack.push({ value: (node as Record<string, unknown>)[key], depth: depth + 1 })
        }
      }
    } else return 'must be JSON (strings, numbers, booleans, null, arrays and objects)'
    if (size > limits.maxBytes) return `must be at most ${limits.maxBytes} characters as JSON`
  }
  return null
}

/** Whether `value` keeps `limits` (see `jsonBoundsProblem`). */
export function isBoundedJson(value: unknown, limits: JsonLimits = JSON_LIMITS): boolean {
  return jsonBoundsProblem(value, limits) === null
}

/** The rule of `limits` in one line: the message of a refusal, and the contract's comment. */
export function describeJsonLimits(limits: JsonLimits): string {
  return (
    `must be JSON of at most ${limits.maxDepth} levels, ${limits.maxKeys} keys an object, ` +
    `${limits.maxItems} items an array, ${limits.maxString} characters a string, ` +
    `${limits.maxBytes} characters in all, without a ${FORBIDDEN_JSON_KEYS.join(', ')} key`
  )
}

/**
 * A check for a free-form JSON value within `limits` (by default `JSON_LIMITS`); put it first in a
 * pipe so that nothing else walks an unbounded value.
 *
 * @example
 * const Data = v.pipe(v.unknown(), boundedJson())
 */
export function boundedJson<T = unknown>(limits: Partial<JsonLimits> = {}) {
  const all = { ...JSON_LIMITS, ...limits }
  return v.check<T, string>((value) => isBoundedJson(value, all), describeJsonLimits(all))
}

/**
 * Any JSON value within `limits`: the schema of every free-form field (exchange data, app
 * payloads). Objects are checked by `JsonObjectSchema`.
 *
 * @example
 * v.object({ event: ShortTextSchema, data: v.optional(BoundedJsonSchema()) })
 */
export function BoundedJsonSchema(limits: Partial<JsonLimits> = {}) {
  return v.pipe(v.unknown(), boundedJson(limits))
}

/** A free-form JSON object within `limits` (not an array, not null). */
export function BoundedJsonObjectSchema(limits: Partial<JsonLimits> = {}) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'must be an object',
    ),
    boundedJson<Record<string, unknown>>(limits),
    v.record(v.string(), v.unknown()),
    // The check comes first (nothing walks an unbounded value); the contract reads the rule here.
    v.description(describeJsonLimits({ ...JSON_LIMITS, ...limits })),
  )
}
