import type { SignalChannel } from '../../protocol'
import { realtime } from '../session/connection'

/**
 * Sends a WebRTC signal of a link to a peer, while the socket is up; dropped while it is down. A link is
 * remade on both sides once the socket is back (the rejoin connects anew, the peer hears `peer:join`), and
 * socket.io would otherwise deliver the queued signal after the new link's offer: a restart offer of the
 * old link, taken for one of the new, left the new link unconnected until its 15 s timeout (the network
 * lab, moving the agent to a new address).
 */
export function sendSignal(to: string, channel: SignalChannel, data: Record<string, unknown>): void {
  const socket = realtime()
  if (socket.isConnected()) socket.emit('signal', { to, channel, data })
}
