import type { ErrorReply, FieldError } from '../src/protocol'

/**
 * A refusal with an HTTP-like status, thrown anywhere in the server and turned into an `ErrorReply`
 * (an HTTP body, an ack error, a `protocol:error`, or a named error event).
 *
 * @example
 * throw new ServerError(409, 'There is no active call')
 */
export class ServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** `retryAfter`: seconds until a refused attempt may be made again (HTTP `retry-after`). */
    readonly details: { reason?: string; errors?: FieldError[]; retryAfter?: number } = {},
  ) {
    super(message)
    this.name = 'ServerError'
  }

  /** The wire shape. */
  toReply(): ErrorReply {
    return {
      code: this.code,
      message: this.message,
      ...(this.details.reason !== undefined ? { reason: this.details.reason } : {}),
      ...(this.details.errors !== undefined ? { errors: this.details.errors } : {}),
    }
  }
}

// SQLSTATE class 22, "data exception": the database refused a value, and values come from requests.
const DATA_EXCEPTIONS: Record<string, string> = {
  '2201B': 'The pattern is not a valid regular expression',
  '22021': 'Text must not hold NUL characters',
  '22003': 'A number is out of range',
  '22008': 'A date is out of range',
  '22009': 'A date is out of range',
}

/**
 * The 400 a database error caused by input stands for (a bad pattern, NUL in text, a number or date
 * out of range), or null when the error is the server's own.
 */
export function inputErrorOf(error: unknown): ServerError | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null
  return new ServerError(
    400,
    Object.hasOwn(DATA_EXCEPTIONS, code) ? DATA_EXCEPTIONS[code]! : 'A value cannot be used',
  )
}

/** Any thrown value as an `ErrorReply`; input the database refused is a 400, other unexpected errors a 500 without internals. */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof ServerError) return error.toReply()
  const input = inputErrorOf(error)
  if (input) return input.toReply()
  return { code: 500, message: 'Internal server error' }
}
