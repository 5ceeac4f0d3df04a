import type { ServerContext } from '../context'
import { rooms } from './io-types'

/** How long to wait for the other processes to say which sockets they hold. */
const ASK_OTHERS_MS = 2_000

/**
 * The sockets of a customer session on every process. A process that does not answer in time (it died
 * and is not yet forgotten by the adapter) is left out: this process's own are returned then, and the
 * dead process's are taken over by the sweeper.
 */
export async function customerSocketsEverywhere(
  context: ServerContext,
  sessionId: string,
): Promise<{ id: string }[]> {
  const room = rooms.customer(sessionId)
  try {
    return await context.customers.in(room).timeout(ASK_OTHERS_MS).fetchSockets()
  } catch (error) {
    context.logger.warn({ err: error, event: 'adapter.fetch-timeout' }, 'a process did not answer in time')
    return context.customers.local.in(room).fetchSockets()
  }
}
