import type { ForcedDisconnect } from '../../src/protocol'
import type { ServerContext } from '../context'
import { rooms } from './io-types'

/**
 * Closes every agent socket of a login (token family), wherever it is: first `forced:disconnect`
 * so the console does not reconnect (and says why: `reason`), then the disconnect itself.
 */
export async function disconnectSession(
  context: ServerContext,
  familyId: string,
  reason: ForcedDisconnect['reason'],
): Promise<void> {
  const room = rooms.family(familyId)
  context.io.to(room).emit('forced:disconnect', { code: 401, reason })
  context.io.in(room).disconnectSockets(true)
}
