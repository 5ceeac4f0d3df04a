import { atom, onMount } from 'nanostores'
import { NETWORK_CHECK_MS, NETWORK_SAMPLES_KEPT } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { sampleNetwork, type NetworkSample } from '../../services/network'
import { $activity } from './activity'

/** How the network looks for taking a call. */
export type NetworkLevel = 'good' | 'fair' | 'poor' | 'offline' | 'unknown'

/** The last measurement. */
export interface NetworkQuality extends NetworkSample {
  level: NetworkLevel
  /** When it was measured (console clock), null before the first. */
  measuredAt: number | null
  /** Measuring now: no call or meeting is active. */
  measuring: boolean
}

const INITIAL: NetworkQuality = {
  online: true,
  rttMs: null,
  downlinkMbps: null,
  effectiveType: null,
  level: 'unknown',
  measuredAt: null,
  measuring: false,
}

/** The network as the agent sees it before taking a call; measured every 2 s while no call is active. */
export const $networkQuality = atom<NetworkQuality>(INITIAL)

/** Grades a reading: offline, then round trip, then the browser's connection type and bandwidth. */
export function gradeNetwork(sample: NetworkSample): NetworkLevel {
  if (!sample.online) return 'offline'
  if (sample.rttMs !== null && sample.rttMs > 0) {
    if (sample.rttMs >= 400 || (sample.downlinkMbps !== null && sample.downlinkMbps < 0.5)) return 'poor'
    if (sample.rttMs >= 150 || (sample.downlinkMbps !== null && sample.downlinkMbps < 1.5)) return 'fair'
    return 'good'
  }
  if (sample.effectiveType === '4g') return 'good'
  if (sample.effectiveType === '3g') return 'fair'
  if (sample.effectiveType) return 'poor'
  return 'unknown'
}

/** One reading as the diagnostic bundle keeps it. */
export interface NetworkReading extends NetworkSample {
  level: NetworkLevel
  /** When it was measured (console clock). */
  at: number
}

/** The latest readings, oldest first, at most 150 (5 minutes of measuring). */
export const $networkSamples = atom<readonly NetworkReading[]>([])

let probe: () => NetworkSample = sampleNetwork

/** Tests hand in their own reading; returns the restore. */
export function replaceNetworkProbe(next: () => NetworkSample): () => void {
  const previous = probe
  probe = next
  return () => {
    probe = previous
  }
}

function measure(): void {
  const sample = probe()
  const level = gradeNetwork(sample)
  const at = clock.now()
  $networkQuality.set({ ...sample, level, measuredAt: at, measuring: true })
  $networkSamples.set([...$networkSamples.get(), { ...sample, level, at }].slice(-NETWORK_SAMPLES_KEPT))
}

// Measuring stops while a call or meeting is active (SPEC §4 step 3) and starts again when it ends.
onMount($networkQuality, () => {
  let timer: TimerId | undefined
  const stop = () => {
    clock.clearInterval(timer)
    timer = undefined
    if ($networkQuality.get().measuring) $networkQuality.set({ ...$networkQuality.get(), measuring: false })
  }
  const unsubscribe = $activity.subscribe(({ inCall, inMeeting }) => {
    if (inCall || inMeeting) return stop()
    if (timer !== undefined) return
    measure()
    timer = clock.setInterval(measure, NETWORK_CHECK_MS)
  })
  return () => {
    unsubscribe()
    stop()
  }
})
