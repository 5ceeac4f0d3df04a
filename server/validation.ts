import * as v from 'valibot'
import type { FieldError } from '../src/protocol'
import { ServerError } from './errors'

/** Valibot issues as the protocol's field errors. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  return issues.slice(0, 20).map((issue) => {
    const path = v.getDotPath(issue)
    return { code: 'invalid', message: issue.message, ...(path ? { path } : {}) }
  })
}

/**
 * Parses untrusted input with a protocol schema; a mismatch throws a 400 naming the fields.
 *
 * @example
 * const body = parseInput(LoginRequestSchema, request.body)
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw new ServerError(400, 'Malformed message', { errors: fieldErrors(result.issues) })
  return result.output
}
