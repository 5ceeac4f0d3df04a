import * as v from 'valibot'
import { IdSchema, InstantSchema, MAX_TEXT } from './common'

/** Payload of `chat:message` from a client (agent, guest or customer) in a call or meeting. */
export const ChatSendSchema = v.object({ text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TEXT)) })
/** A chat line to send. */
export type ChatSend = v.InferOutput<typeof ChatSendSchema>

/** Payload of `chat:message` to every participant (the sender gets its own line back, with its id). */
export const ChatMessageSchema = v.object({
  id: IdSchema,
  from: v.picklist(['agent', 'guest', 'customer']),
  /** Peer id of the sender. */
  peerId: v.string(),
  name: v.string(),
  text: v.string(),
  at: InstantSchema,
})
/** A chat line. */
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>
