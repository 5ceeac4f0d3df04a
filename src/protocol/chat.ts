import * as v from 'valibot'
import { IdSchema, InstantSchema, MAX_TEXT } from './common'

/**
 * A sender's own name for one line, random, so that the line sent again after no answer (the first one
 * may have arrived) is stored and shown once: the same key from the same sender in the same call is
 * the same line.
 */
export const ChatKeySchema = v.pipe(
  v.string(),
  v.regex(/^[0-9A-Za-z_-]{16,64}$/, 'must be 16 to 64 of 0-9A-Za-z_-'),
)

/** Payload of `chat:message` from a client (agent, guest or customer) in a call or meeting. */
export const ChatSendSchema = v.object({
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_TEXT)),
  /** Sends the line once however many times it is sent with this key (an answer lost on the way). */
  key: v.optional(ChatKeySchema),
})
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
