import * as v from 'valibot'
import { IdSchema, MAX_SHORT } from './common'

/**
 * How a call's media finds a path between two browsers (ICE): the STUN and TURN servers the server hands
 * out, with short-lived TURN credentials (the coturn REST scheme: username `expiry:id`, password the
 * base64 HMAC-SHA1 of it with the shared secret), and the quality summary a console sends at a call's end.
 */

/** How many ICE server entries a reply may hold, and URLs per entry (a hostile server sends no megabytes). */
export const MAX_ICE_SERVERS = 8
/** URLs per ICE server entry. */
export const MAX_ICE_URLS = 8

/** A STUN or TURN URL (`stun:`, `turn:`, `turns:`), as RTCPeerConnection takes it. */
export const IceUrlSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_SHORT),
  v.regex(/^(stun|stuns|turn|turns):[^\s]+$/, 'must be a stun:, turn: or turns: URL'),
)

/** One ICE server: its URLs and, for TURN, the credential minted for this session. */
export const IceServerSchema = v.object({
  urls: v.pipe(v.array(IceUrlSchema), v.minLength(1), v.maxLength(MAX_ICE_URLS)),
  username: v.optional(v.pipe(v.string(), v.maxLength(MAX_SHORT))),
  credential: v.optional(v.pipe(v.string(), v.maxLength(MAX_SHORT))),
})
/** One ICE server entry (an `RTCIceServer`). */
export type IceServer = v.InferOutput<typeof IceServerSchema>

/** `all`: any path (host, server-reflexive, relay); `relay`: only through TURN, so no side learns the other's address. */
export const IceTransportPolicySchema = v.picklist(['all', 'relay'])
/** Which ICE candidates a connection may use. */
export type IceTransportPolicy = v.InferOutput<typeof IceTransportPolicySchema>

/**
 * The reply to `ice:servers`: what to give `RTCPeerConnection`, and when the TURN credentials expire
 * (`expiresAt`, epoch ms; null when nothing expires). A client asks again before `expiresAt` and hands
 * live connections the new servers, so a call longer than one credential keeps its relay.
 */
export const IceConfigSchema = v.object({
  iceServers: v.pipe(v.array(IceServerSchema), v.maxLength(MAX_ICE_SERVERS)),
  iceTransportPolicy: IceTransportPolicySchema,
  expiresAt: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
})
/** ICE servers and policy for this session. */
export type IceConfig = v.InferOutput<typeof IceConfigSchema>

/** The kind of the local candidate of the pair that carries the media. */
export const CandidateTypeSchema = v.picklist(['host', 'srflx', 'prflx', 'relay'])
/** host, srflx (through a NAT), prflx (learnt from checks) or relay (through TURN). */
export type CandidateType = v.InferOutput<typeof CandidateTypeSchema>

/** How the browser reaches its TURN server when the media is relayed. */
export const RelayProtocolSchema = v.picklist(['udp', 'tcp', 'tls'])
/** udp, tcp or tls. */
export type RelayProtocol = v.InferOutput<typeof RelayProtocolSchema>

/** A measure that is a finite number in a range (a hostile client sends no NaN, no 1e308). */
const measure = (max: number) => v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(max)))

/**
 * What a console measured of one call's media (`getStats()` once a second), sent once when the call ends:
 * stored with the call (the history's detail shows it) and counted in the server's Prometheus histograms.
 * Null where nothing was measured (the media never connected).
 */
export const CallQualitySchema = v.object({
  /** The call answered → the first remote video frame decoded, in ms. */
  setupMs: measure(600_000),
  /** Mean round-trip time of the selected pair, ms. */
  rttMs: measure(60_000),
  /** Mean jitter of the received media, ms. */
  jitterMs: measure(60_000),
  /** Received packets lost, 0–1. */
  loss: measure(1),
  /** Mean received and sent bitrates, kbit/s. */
  inKbps: measure(1_000_000),
  outKbps: measure(1_000_000),
  /**
   * The path that carried the media last: `relay` when either end of the selected pair was a TURN relay,
   * else the local candidate's type (null: never connected).
   */
  candidateType: v.nullable(CandidateTypeSchema),
  /** The transport to the TURN server when this side's own end was the relay. */
  relayProtocol: v.nullable(RelayProtocolSchema),
  /** Share of the measured seconds carried through a relay, 0–1. */
  relayShare: measure(1),
  /** ICE restarts during the call. */
  restarts: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)),
  /** Seconds measured. */
  samples: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
})
/** A call's media quality summary. */
export type CallQuality = v.InferOutput<typeof CallQualitySchema>

/** `call:quality`: the summary of the call `callId` (a call or a meeting's call id), sent by its agent. */
export const CallQualityReportSchema = v.object({
  callId: IdSchema,
  quality: CallQualitySchema,
})
/** A quality summary with the call it belongs to. */
export type CallQualityReport = v.InferOutput<typeof CallQualityReportSchema>
