import type { CallQuality, CandidateType, RelayProtocol } from '../protocol'

/**
 * One second of a connection's media, read from `getStats()`: the selected candidate pair (its round-trip
 * time, its local candidate's type and relay transport) and the received and sent RTP streams (jitter,
 * loss, bitrates, frames decoded). Rates are over the time since the previous sample.
 */
export interface MediaSample {
  /** When it was read (ms, `performance.now()` or the stats' timestamp). */
  at: number
  rttMs: number | null
  jitterMs: number | null
  /** Received packets lost since the previous sample, 0–1. */
  loss: number | null
  inKbps: number | null
  outKbps: number | null
  /**
   * The selected pair's local candidate type, but `relay` when either end of it is a relay (the media goes
   * through TURN, whichever side allocated it). Null before a pair is selected.
   */
  candidateType: CandidateType | null
  /** How this side reaches its TURN server, when its own end is the relay (null when the other side's is). */
  relayProtocol: RelayProtocol | null
  /** Remote video frames decoded so far. */
  framesDecoded: number
  bytesReceived: number
  bytesSent: number
  packetsReceived: number
  packetsLost: number
}

/** How the media is, in one word, and why when it is not good. */
export interface MediaQuality {
  level: 'good' | 'fair' | 'poor' | 'unknown'
  reason: 'none' | 'latency' | 'loss' | 'jitter' | 'bitrate'
}

type Stat = Record<string, unknown> & { type: string; id: string }

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

const CANDIDATE_TYPES: readonly string[] = ['host', 'srflx', 'prflx', 'relay']
const RELAY_PROTOCOLS: readonly string[] = ['udp', 'tcp', 'tls']

/** The candidate pair that carries the media: the transport's selected one, else the nominated succeeded one. */
function selectedPair(stats: Map<string, Stat>): Stat | null {
  for (const stat of stats.values()) {
    if (stat.type !== 'transport' || typeof stat.selectedCandidatePairId !== 'string') continue
    const pair = stats.get(stat.selectedCandidatePairId)
    if (pair) return pair
  }
  for (const stat of stats.values())
    if (stat.type === 'candidate-pair' && stat.nominated === true && stat.state === 'succeeded') return stat
  return null
}

/**
 * Reads one sample of `connection`'s media. `previous` (the sample a second ago) turns counters into rates.
 *
 * @example
 * let last: MediaSample | null = null
 * clock.setInterval(async () => { last = await readMediaSample(pc, last) }, MEDIA_STATS_INTERVAL_MS)
 */
export async function readMediaSample(
  connection: RTCPeerConnection,
  previous: MediaSample | null,
): Promise<MediaSample> {
  const report = await connection.getStats()
  const stats = new Map<string, Stat>()
  report.forEach((stat: Stat) => stats.set(stat.id, stat))
  const pair = selectedPair(stats)
  const local =
    pair && typeof pair.localCandidateId === 'string' ? stats.get(pair.localCandidateId) : undefined
  const remote =
    pair && typeof pair.remoteCandidateId === 'string' ? stats.get(pair.remoteCandidateId) : undefined
  const localType =
    local && CANDIDATE_TYPES.includes(String(local.candidateType))
      ? (local.candidateType as CandidateType)
      : null
  // Between two symmetric NATs one side often reaches the other's relay straight from its NAT (a TURN
  // permission is per address, not port): its local end is then prflx, yet its media goes through TURN.
  const candidateType = localType !== null && remote?.candidateType === 'relay' ? 'relay' : localType
  const relayProtocol =
    localType === 'relay' && RELAY_PROTOCOLS.includes(String(local?.relayProtocol))
      ? (local?.relayProtocol as RelayProtocol)
      : null
  const rtt = num(pair?.currentRoundTripTime)

  let bytesReceived = 0
  let bytesSent = 0
  let packetsReceived = 0
  let packetsLost = 0
  let framesDecoded = 0
  let jitterSum = 0
  let jitterCount = 0
  for (const stat of stats.values()) {
    if (stat.type === 'inbound-rtp') {
      bytesReceived += num(stat.bytesReceived) ?? 0
      packetsReceived += num(stat.packetsReceived) ?? 0
      packetsLost += Math.max(0, num(stat.packetsLost) ?? 0)
      if (stat.kind === 'video') framesDecoded += num(stat.framesDecoded) ?? 0
      const jitter = num(stat.jitter)
      if (jitter !== null) {
        jitterSum += jitter
        jitterCount++
      }
    } else if (stat.type === 'outbound-rtp') bytesSent += num(stat.bytesSent) ?? 0
  }
  const at = performance.now()
  const seconds = previous ? (at - previous.at) / 1000 : 0
  const rate = (now: number, before: number | undefined) =>
    previous && seconds > 0 && before !== undefined
      ? Math.max(0, ((now - before) * 8) / 1000 / seconds)
      : null
  const received = previous ? packetsReceived - previous.packetsReceived : 0
  const lost = previous ? packetsLost - previous.packetsLost : 0
  return {
    at,
    rttMs: rtt === null ? null : rtt * 1000,
    jitterMs: jitterCount ? (jitterSum / jitterCount) * 1000 : null,
    loss: previous && received + lost > 0 ? Math.max(0, lost) / (received + Math.max(0, lost)) : null,
    inKbps: rate(bytesReceived, previous?.bytesReceived),
    outKbps: rate(bytesSent, previous?.bytesSent),
    candidateType,
    relayProtocol,
    framesDecoded,
    bytesReceived,
    bytesSent,
    packetsReceived,
    packetsLost,
  }
}

/** Limits of each level: beyond `fair` a measure makes the call fair, beyond `poor` poor (ITU-T G.114-like). */
export const QUALITY_LIMITS = {
  rttMs: { fair: 300, poor: 600 },
  loss: { fair: 0.02, poor: 0.08 },
  jitterMs: { fair: 30, poor: 75 },
  /** Received kbit/s below which video is too thin to be good (only once media has flowed). */
  inKbps: { fair: 150, poor: 40 },
} as const

/**
 * Says how a sample's media is: the worst of its measures decides, and that measure is the reason.
 *
 * @example
 * qualityOf(sample) // { level: 'fair', reason: 'loss' }
 */
export function qualityOf(sample: MediaSample | null): MediaQuality {
  if (!sample || sample.candidateType === null) return { level: 'unknown', reason: 'none' }
  const checks: [MediaQuality['reason'], 'fair' | 'poor' | null][] = [
    ['loss', grade(sample.loss, QUALITY_LIMITS.loss)],
    ['latency', grade(sample.rttMs, QUALITY_LIMITS.rttMs)],
    ['jitter', grade(sample.jitterMs, QUALITY_LIMITS.jitterMs)],
    ['bitrate', gradeLow(sample.inKbps, QUALITY_LIMITS.inKbps)],
  ]
  const poor = checks.find(([, level]) => level === 'poor')
  if (poor) return { level: 'poor', reason: poor[0] }
  const fair = checks.find(([, level]) => level === 'fair')
  if (fair) return { level: 'fair', reason: fair[0] }
  return { level: 'good', reason: 'none' }
}

function grade(value: number | null, limits: { fair: number; poor: number }): 'fair' | 'poor' | null {
  if (value === null) return null
  if (value > limits.poor) return 'poor'
  return value > limits.fair ? 'fair' : null
}

function gradeLow(value: number | null, limits: { fair: number; poor: number }): 'fair' | 'poor' | null {
  if (value === null) return null
  if (value < limits.poor) return 'poor'
  return value < limits.fair ? 'fair' : null
}

const mean = (values: (number | null)[]): number | null => {
  const present = values.filter((value): value is number => value !== null)
  return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null
}

const round = (value: number | null, digits = 0): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits

/**
 * The summary of a call's samples that goes to the server when the call ends (`call:quality`).
 *
 * @example
 * realtime().emit('call:quality', { callId, quality: summarize(samples, { setupMs: 420, restarts: 0 }) })
 */
export function summarize(
  samples: readonly MediaSample[],
  { setupMs, restarts }: { setupMs: number | null; restarts: number },
): CallQuality {
  const measured = samples.filter((sample) => sample.candidateType !== null)
  const first = samples[0]
  const last = samples.at(-1)
  const lost = first && last ? last.packetsLost - first.packetsLost : 0
  const received = first && last ? last.packetsReceived - first.packetsReceived : 0
  const lastPath = [...measured].reverse()[0]
  return {
    setupMs: setupMs === null ? null : Math.max(0, Math.round(setupMs)),
    rttMs: round(mean(measured.map((sample) => sample.rttMs))),
    jitterMs: round(mean(measured.map((sample) => sample.jitterMs)), 1),
    loss: received + lost > 0 ? round(Math.max(0, lost) / (received + Math.max(0, lost)), 4) : null,
    inKbps: round(mean(measured.map((sample) => sample.inKbps))),
    outKbps: round(mean(measured.map((sample) => sample.outKbps))),
    candidateType: lastPath?.candidateType ?? null,
    relayProtocol: lastPath?.relayProtocol ?? null,
    relayShare: measured.length
      ? round(measured.filter((sample) => sample.candidateType === 'relay').length / measured.length, 3)
      : null,
    restarts,
    samples: samples.length,
  }
}
