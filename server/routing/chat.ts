import type { ChatMessage } from '../../src/protocol'
import type { ServerContext } from '../context'
import { insertMessage } from '../store/participants'
import { rooms } from '../realtime/io-types'

/**
 * Stores a chat line of a call or meeting and sends it to everybody in it, the sender included. A line
 * sent again under its key (no answer reached the sender) is the stored one, and nobody gets it twice.
 */
export async function sendChat(
  context: ServerContext,
  roomId: string,
  from: { role: ChatMessage['from']; peerId: string; name: string },
  text: string,
  key?: string,
): Promise<ChatMessage> {
  const { message, fresh } = await insertMessage(context.db, roomId, from, text, context.clock.now(), key)
  if (!fresh) return message
  context.io.to(rooms.room(roomId)).emit('chat:message', message)
  context.customers.to(rooms.room(roomId)).emit('chat:message', message)
  return message
}
