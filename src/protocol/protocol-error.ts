import * as v from 'valibot'
import { ErrorReplySchema } from './common'

/**
 * Payload of `protocol:error`: a client event was refused (malformed, not allowed now, failed) and
 * carried no ack callback to answer. With an ack, the same error arrives in the ack instead.
 */
export const ProtocolErrorSchema = v.object({
  ...ErrorReplySchema.entries,
  /** The event that was refused. */
  event: v.string(),
})
/** A refused event. */
export type ProtocolError = v.InferOutput<typeof ProtocolErrorSchema>
