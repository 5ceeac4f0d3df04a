import type { ChatMessage } from '../../src/protocol'
import type { ServerContext } from '../context'
import { insertMessage } from '../store/participants'
import { rooms } from '../realtime/io-types'

/** Stores a chat line of a call or meeting and sends it to everybody in it, the sender included. */
export async function sendChat(
  context: ServerContext,
  roomId: string,
  from: { role: ChatMessage['from']; peerId: string; name: string },
  text: string,
): Promise<ChatMessage> {
  const message = await insertMessage(context.db, roomId, from, text, context.clock.now())
  context.io.to(rooms.room(roomId)).emit('chat:message', message)
  context.customers.to(rooms.room(roomId)).emit('chat:message', message)
  return message
}
