import * as v from 'valibot'
import { ShortTextSchema } from './common'

/**
 * The WebRTC signalling relay: an extension of SPEC §7 so that the two (or more) sides of a call or a
 * meeting connect peer to peer. The server only forwards: it checks that sender and recipient are in
 * the same room, and never reads the SDP.
 *
 * Rules:
 * - Every participant has a `peerId` (`agent:<userId>`, `customer:<callId or sessionId>`), given in its
 *   join payload along with the `peers` already present.
 * - The newcomer opens a connection to each peer already present (it is the `initiator`); the others
 *   wait for its offer. A `peer:join` tells the present ones who came (drop any old connection to that
 *   id: it is a reconnect), `peer:leave` who left.
 * - `channel` keeps the connections apart: `media` for camera and microphone, `files` and `capture` for
 *   beamport data channels (SPEC §4 "beamport").
 * - `data` is whatever the peer library produces (simple-peer's `signal` objects), at most 64 KB.
 */

/** Data channels and the media connection a signal belongs to. */
export const SIGNAL_CHANNELS = ['media', 'files', 'capture'] as const
/** A signal channel. */
export type SignalChannel = (typeof SIGNAL_CHANNELS)[number]

/** A participant of a room. */
export const PeerSchema = v.object({
  id: ShortTextSchema,
  role: v.picklist(['agent', 'guest', 'customer']),
  name: v.string(),
})
/** A participant. */
export type Peer = v.InferOutput<typeof PeerSchema>

/** Largest signal accepted (SDP with many candidates stays far below). */
export const MAX_SIGNAL_BYTES = 64 * 1024

/** Opaque signal data: a JSON object (simple-peer's offer, answer, candidate, renegotiate...). */
export const SignalDataSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.check((data) => JSON.stringify(data).length <= MAX_SIGNAL_BYTES, 'signal too large'),
)

/** Payload of `signal` from a client: to whom and what. */
export const SignalOutSchema = v.object({
  to: ShortTextSchema,
  channel: v.picklist(SIGNAL_CHANNELS),
  data: SignalDataSchema,
})
/** An outgoing signal. */
export type SignalOut = v.InferOutput<typeof SignalOutSchema>

/** Payload of `signal` to a client: from whom and what. */
export const SignalInSchema = v.object({
  from: ShortTextSchema,
  channel: v.picklist(SIGNAL_CHANNELS),
  data: v.record(v.string(), v.unknown()),
})
/** An incoming signal. */
export type SignalIn = v.InferOutput<typeof SignalInSchema>

/** Payload of `peer:join`: someone entered the room; they will send offers. */
export const PeerJoinSchema = v.object({ peer: PeerSchema })
/** A peer join. */
export type PeerJoin = v.InferOutput<typeof PeerJoinSchema>

/** Payload of `peer:leave`: someone left the room (close the connections to them). */
export const PeerLeaveSchema = v.object({ peerId: ShortTextSchema })
/** A peer leave. */
export type PeerLeave = v.InferOutput<typeof PeerLeaveSchema>
