import type { ErrorReply } from '../../src/protocol'
import type { ServerContext } from '../context'

/** Every refused or failed event is logged and counted; a 5xx also logs what was thrown. */
export function noteFailure(
  context: ServerContext,
  namespace: '/' | '/customer',
  event: string,
  error: ErrorReply,
  cause: unknown,
  agentId: string | null,
): void {
  context.events.socketEventFailed({
    namespace,
    event,
    code: error.code,
    message: error.message.slice(0, 200),
    agentId,
  })
  if (error.code >= 500) context.log(`socket event ${event} failed`, cause)
}
