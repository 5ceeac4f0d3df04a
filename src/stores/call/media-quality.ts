import { atom } from 'nanostores'
import * as v from 'valibot'
import { MEDIA_STATS_INTERVAL_MS } from '../../constants'
import type { CallQuality, CandidateType, RelayProtocol } from '../../protocol'
import { clock, type TimerId } from '../../services/clock'
import { qualityOf, readMediaSample, summarize, type MediaSample } from '../../services/media-stats'
import { realtime } from '../session/connection'
import { onCallCleanup } from './call-scope'
import { $participants, mediaConnection } from './call-media'
import { $mediaPaths } from './media-path'
import { transportOf, type MediaTransport } from './media-transport'

/**
 * The quality of the customer's media during a call, read from `getStats()` once a second: a level (good,
 * fair, poor) with its reason and the path the media takes, for the call panel; and, when the call ends,
 * one summary sent to the server (`call:quality`), stored with the call and counted in its histograms.
 */

export type { MediaTransport }

/** A new level shows once it held this many samples: one bad second does not flip the indicator (or speak). */
export const QUALITY_STEADY_SAMPLES = 3
/** Until the first remote video frame, the connection is checked this often, so the setup time is precise. */
export const SETUP_PROBE_MS = 100
/** The setup probe gives up after this long (media that never came); the 1 s samples still notice it. */
export const SETUP_PROBE_FOR_MS = 60_000
/** How long the summary waits for the server's acknowledgement (sent once, never retried). */
export const QUALITY_REPORT_TIMEOUT_MS = 5_000

/** The media's level: `unknown` until the media flows. */
export type QualityLevel = 'good' | 'fair' | 'poor' | 'unknown'
/** Why the level is not good (`none` when it is, or while unknown). */
export type QualityReason = 'none' | 'latency' | 'loss' | 'jitter' | 'bitrate'

/** What the call panel shows of the customer's media. */
export interface CallMediaQuality {
  level: QualityLevel
  reason: QualityReason
  /** The local candidate type of the pair that carries the media: `relay` means through TURN. */
  candidateType: CandidateType | null
  /** How the relay is reached when relayed. */
  relayProtocol: RelayProtocol | null
  transport: MediaTransport
}

const UNKNOWN: CallMediaQuality = {
  level: 'unknown',
  reason: 'none',
  candidateType: null,
  relayProtocol: null,
  transport: 'unknown',
}

/** The customer's media as the agent sees it; changes only when the level, reason or path changes. */
export const $mediaQuality = atom<CallMediaQuality>(UNKNOWN)

/** A reader of one sample, replaceable in tests. */
export type SampleReader = (
  connection: RTCPeerConnection,
  previous: MediaSample | null,
) => Promise<MediaSample>

interface Measuring {
  callId: string
  /** When the call was answered or joined (console clock); null after a reload: the setup was not seen. */
  startedAt: number | null
  firstFrameAt: number | null
  samples: MediaSample[]
  /** The connection measured, and its last raw sample (rates are counted against it). */
  connection: RTCPeerConnection | null
  previous: MediaSample | null
  /** Counters of earlier connections (a reconnect starts them at 0 again), so the kept samples keep counting. */
  base: Pick<MediaSample, 'framesDecoded' | 'bytesReceived' | 'bytesSent' | 'packetsReceived' | 'packetsLost'>
  restarts: number
  /** The level seen lately and for how many samples in a row. */
  pending: { level: QualityLevel; reason: QualityReason; count: number }
  /** A read is under way (the 1 s sample, the setup probe): getStats() may be slower than their period. */
  reading: boolean
  probing: boolean
  sampleTimer: TimerId | undefined
  probeTimer: TimerId | undefined
  stopPaths: () => void
}

const ZERO = { framesDecoded: 0, bytesReceived: 0, bytesSent: 0, packetsReceived: 0, packetsLost: 0 }

let measuring: Measuring | null = null
let read: SampleReader = readMediaSample

/** Tests hand in their own reader; returns the restore. */
export function replaceSampleReader(next: SampleReader): () => void {
  const previous = read
  read = next
  return () => {
    read = previous
  }
}

/** The customer of the call (the first, in a meeting with several). */
const customerPeer = () => $participants.get().find((participant) => participant.role === 'customer') ?? null

function customerConnection(): RTCPeerConnection | null {
  const customer = customerPeer()
  return customer ? mediaConnection(customer.peerId) : null
}

// The counters a new connection starts again from 0.
const pick = (sample: MediaSample) => ({
  framesDecoded: sample.framesDecoded,
  bytesReceived: sample.bytesReceived,
  bytesSent: sample.bytesSent,
  packetsReceived: sample.packetsReceived,
  packetsLost: sample.packetsLost,
})

/** A raw sample with the counters of earlier connections added, so the call's series never goes back. */
function continued(state: Measuring, raw: MediaSample): MediaSample {
  const { base } = state
  return {
    ...raw,
    framesDecoded: raw.framesDecoded + base.framesDecoded,
    bytesReceived: raw.bytesReceived + base.bytesReceived,
    bytesSent: raw.bytesSent + base.bytesSent,
    packetsReceived: raw.packetsReceived + base.packetsReceived,
    packetsLost: raw.packetsLost + base.packetsLost,
  }
}

/** Shows a level once it held for a few samples (at once the first time the media is measured). */
function grade(state: Measuring, sample: MediaSample): void {
  const { level, reason } = qualityOf(sample)
  const shown = $mediaQuality.get()
  const same = state.pending.level === level && state.pending.reason === reason
  state.pending = { level, reason, count: same ? state.pending.count + 1 : 1 }
  const steady = shown.level === 'unknown' || state.pending.count >= QUALITY_STEADY_SAMPLES
  const next: CallMediaQuality = {
    ...(steady ? { level, reason } : { level: shown.level, reason: shown.reason }),
    candidateType: sample.candidateType,
    relayProtocol: sample.relayProtocol,
    transport: transportOf(sample.candidateType, sample.relayProtocol),
  }
  if (
    next.level !== shown.level ||
    next.reason !== shown.reason ||
    next.candidateType !== shown.candidateType ||
    next.relayProtocol !== shown.relayProtocol
  )
    $mediaQuality.set(next)
}

/** Reads the customer's connection once; null when there is none (yet) or it closed meanwhile. */
async function readCustomer(state: Measuring): Promise<MediaSample | null> {
  const connection = customerConnection()
  if (!connection) return null
  if (connection !== state.connection) {
    // A new connection (a reconnect) counts from 0: its rates start over, the call's totals go on.
    const last = state.samples.at(-1)
    if (last) state.base = pick(last)
    state.connection = connection
    state.previous = null
  }
  try {
    const raw = await read(connection, state.previous)
    if (measuring !== state || state.connection !== connection) return null
    state.previous = raw
    return continued(state, raw)
  } catch (error) {
    // A connection that closed between two reads: the next read finds the new one.
    console.warn('[agent-console] media statistics could not be read', error)
    return null
  }
}

function sawFirstFrame(state: Measuring, sample: MediaSample): void {
  if (state.firstFrameAt !== null || sample.framesDecoded <= 0) return
  state.firstFrameAt = clock.now()
  clock.clearInterval(state.probeTimer)
  state.probeTimer = undefined
}

async function sampleOnce(state: Measuring): Promise<void> {
  // getStats() can take longer than a second on a loaded machine: one read at a time.
  if (state.reading) return
  state.reading = true
  try {
    const sample = await readCustomer(state)
    if (!sample || measuring !== state) return
    state.samples.push(sample)
    sawFirstFrame(state, sample)
    grade(state, sample)
  } finally {
    state.reading = false
  }
}

/** Until the first frame: a quick look at the connection (no rates), for a setup time precise to 0.1 s. */
async function probe(state: Measuring): Promise<void> {
  const connection = customerConnection()
  if (!connection || state.firstFrameAt !== null || state.probing) return
  state.probing = true
  try {
    const sample = await read(connection, null)
    if (measuring === state) sawFirstFrame(state, sample)
  } catch {
    // The 1 s samples say what went wrong.
  } finally {
    state.probing = false
  }
}

/** Counts the customer's path breaking (each one an ICE restart to bring it back). */
function countRestarts(state: Measuring): () => void {
  return $mediaPaths.listen((paths, before) => {
    const customer = customerPeer()
    if (customer && paths[customer.peerId] === 'reconnecting' && before?.[customer.peerId] !== 'reconnecting')
      state.restarts += 1
  })
}

/**
 * Starts measuring the call's media: once a second while it lasts, and quicker until the first remote
 * frame. `startedAt` is when the call was answered or joined (null for a call found again after a reload,
 * whose setup was not seen here).
 *
 * @example
 * startMediaQuality({ callId: call.id, startedAt: clock.now() })
 */
export function startMediaQuality({ callId, startedAt }: { callId: string; startedAt: number | null }): void {
  stopMediaQuality()
  const state: Measuring = {
    callId,
    startedAt,
    firstFrameAt: null,
    samples: [],
    connection: null,
    previous: null,
    base: ZERO,
    restarts: 0,
    pending: { level: 'unknown', reason: 'none', count: 0 },
    reading: false,
    probing: false,
    sampleTimer: undefined,
    probeTimer: undefined,
    stopPaths: () => undefined,
  }
  measuring = state
  state.stopPaths = countRestarts(state)
  state.sampleTimer = clock.setInterval(() => void sampleOnce(state), MEDIA_STATS_INTERVAL_MS)
  if (startedAt !== null) {
    state.probeTimer = clock.setInterval(() => {
      if (clock.now() - startedAt < SETUP_PROBE_FOR_MS) return void probe(state)
      clock.clearInterval(state.probeTimer)
      state.probeTimer = undefined
    }, SETUP_PROBE_MS)
  }
}

/** The samples of the call so far, oldest first (what the summary is made of). */
export function mediaSamples(): readonly MediaSample[] {
  return measuring?.samples ?? []
}

/** The summary of the call measured so far, as `call:quality` sends it; null when nothing is measured. */
export function mediaSummary(): CallQuality | null {
  if (!measuring) return null
  const { startedAt, firstFrameAt, samples, restarts } = measuring
  const setupMs = startedAt !== null && firstFrameAt !== null ? firstFrameAt - startedAt : null
  return summarize(samples, { setupMs, restarts })
}

/**
 * Stops measuring (the call ended) and sends the summary once: best effort, never retried and never
 * waited for, so the end of a call does not hang on it.
 */
export function stopMediaQuality(): void {
  const state = measuring
  if (!state) return
  const quality = mediaSummary()
  measuring = null
  clock.clearInterval(state.sampleTimer)
  clock.clearInterval(state.probeTimer)
  state.stopPaths()
  $mediaQuality.set(UNKNOWN)
  if (!quality) return
  // With the link down (a session that ended) it is not sent at all: a summary is worth no retry storm.
  realtime()
    .request('call:quality', { callId: state.callId, quality }, v.null(), QUALITY_REPORT_TIMEOUT_MS)
    .catch((error: unknown) => console.warn('[agent-console] the call quality summary was not stored', error))
}

onCallCleanup(stopMediaQuality)
