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
    readonly details: { reason?: string; errors?: FieldError[] } = {},
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

/** Any thrown value as an `ErrorReply`; unexpected errors become a 500 without internals. */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof ServerError) return error.toReply()
  return { code: 500, message: 'Internal server error' }
}
