import type { ServerContext } from '../context'
import { rooms } from './io-types'

/**
 * Closes every agent socket of a login (token family), wherever it is: first `forced:disconnect`
 * so the console does not reconnect, then the disconnect itself.
 */
export async function disconnectSession(
  context: ServerContext,
  familyId: string,
  reason: 'logout' | 'token-revoked',
): Promise<void> {
  const room = rooms.family(familyId)
  context.io.to(room).emit('forced:disconnect', { code: 401, reason })
  context.io.in(room).disconnectSockets(true)
}
