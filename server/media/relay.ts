import type { SignalOut } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { inRoom } from '../store/participants'
import { rooms } from '../realtime/io-types'

/**
 * The WebRTC signalling relay: forwards a signal to one peer of the sender's room, in whichever
 * namespace that peer is (agents or customers). The server never reads `data`; it only checks that
 * both ends are in the same call or meeting. Nor does it ever log it, accepted or refused: `data` holds
 * SDP and ICE candidates, the addresses of the agent's and the customer's networks
 * (test/server/media-privacy.test.ts).
 */
export async function relaySignal(
  context: ServerContext,
  from: { peerId: string; roomId: string },
  signal: SignalOut,
): Promise<void> {
  if (signal.to === from.peerId || !(await inRoom(context.db, from.roomId, signal.to)))
    throw new ServerError(409, 'That peer is not in your call or meeting')
  const payload = { from: from.peerId, channel: signal.channel, data: signal.data }
  context.io.to(rooms.peer(signal.to)).emit('signal', payload)
  context.customers.to(rooms.peer(signal.to)).emit('signal', payload)
}
