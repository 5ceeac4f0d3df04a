import * as v from 'valibot'
import { ShortTextSchema } from './common'
import { BoundedJsonObjectSchema } from './bounded-json'

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
 * - ICE restart (a network change): the offerer sends a new offer with `iceRestart: true` on the live
 *   connection, which the other side answers on that same connection (an offer without it, on a
 *   connection the receiver did not open, means the other side started over). The answerer asks the
 *   offerer to restart with `{ type: 'renegotiate', renegotiate: true, iceRestart: true }`.
 */

/** Whether a signal is an offer of an ICE restart on a live connection (answer it there, do not start over). */
export function isRestartOffer(data: Record<string, unknown>): boolean {
  return data.type === 'offer' && data.iceRestart === true
}

/** Whether a signal asks the offerer to restart ICE. */
export function isRestartRequest(data: Record<string, unknown>): boolean {
  return data.renegotiate === true && data.iceRestart === true
}

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

/** Bounds of signal data: an SDP is one long string, within the signal's own size. */
export const SIGNAL_JSON_LIMITS = { maxString: MAX_SIGNAL_BYTES, maxBytes: MAX_SIGNAL_BYTES } as const

/** Opaque signal data: a JSON object (simple-peer's offer, answer, candidate, renegotiate...). */
export const SignalDataSchema = BoundedJsonObjectSchema(SIGNAL_JSON_LIMITS)

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
  data: SignalDataSchema,
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
