import * as v from 'valibot'
import { withDefaults, type FieldDefault } from './console-defaults'

/** Why a message was refused: the first field at fault and what is wrong with it. */
export interface DecodeProblem {
  /** Dotted path of the field (`pageSize`, `statuses.0.id`), or `(payload)` for the whole message. */
  field: string
  /** `missing` when absent, else valibot's description (`Invalid type: Expected number but received "10"`). */
  reason: string
}

/** The outcome of decoding one message. */
export type Decoded<T> =
  { ok: true; value: T; defaulted: string[] } | { ok: false; problem: DecodeProblem; defaulted: string[] }

/**
 * The field and reason of the first issue of a failed parse.
 *
 * @example
 * describeIssue(v.safeParse(schema, {}).issues![0])  // { field: 'pageSize', reason: 'missing' }
 */
export function describeIssue(issue: v.BaseIssue<unknown>): DecodeProblem {
  const field = v.getDotPath(issue) ?? '(payload)'
  const reason = issue.input === undefined && issue.kind === 'schema' ? 'missing' : issue.message
  return { field, reason }
}

/**
 * Decodes a message tolerantly: absent tolerated fields take their documented defaults, unknown
 * fields are ignored (valibot objects strip them), anything else wrong refuses the message.
 *
 * @example
 * const decoded = decodeMessage(ConsoleSettingsSchema, SERVER_EVENT_DEFAULTS['console:settings'], payload)
 */
export function decodeMessage<S extends v.GenericSchema>(
  schema: S,
  rules: readonly FieldDefault[] | undefined,
  payload: unknown,
): Decoded<v.InferOutput<S>> {
  const { payload: filled, defaulted } = withDefaults(payload, rules)
  const parsed = v.safeParse(schema, filled)
  if (parsed.success) return { ok: true, value: parsed.output, defaulted }
  return { ok: false, problem: describeIssue(parsed.issues[0]), defaulted }
}
