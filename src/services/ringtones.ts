import type { Ringtone } from '../constants'
import { playNotes, type Note, type Playback } from './sound'

/**
 * The twelve ringtones of SPEC §9, synthesized with Web Audio as note lists (nothing is fetched: no
 * CDN). Each is one round of about two seconds; the inbound modal loops it until the ring ends.
 */

type Wave = OscillatorType

/** A run of notes of one shape, one after another. */
function run(
  wave: Wave,
  gain: number,
  steps: readonly [frequency: number, at: number, duration: number][],
): Note[] {
  return steps.map(([frequency, at, duration]) => ({ frequency, at, duration, wave, gain }))
}

/** Two tones sounding together for each burst (a telephone bell). */
function bell(
  low: number,
  high: number,
  bursts: readonly [at: number, duration: number][],
  gain = 0.12,
): Note[] {
  return bursts.flatMap(([at, duration]) => [
    { frequency: low, at, duration, wave: 'sine' as const, gain },
    { frequency: high, at, duration, wave: 'sine' as const, gain },
  ])
}

/** A fast alternation of two pitches for `length` seconds. */
function trill(
  wave: Wave,
  gain: number,
  a: number,
  b: number,
  from: number,
  length: number,
  step: number,
): Note[] {
  const notes: Note[] = []
  for (let i = 0; i * step < length; i++)
    notes.push({ frequency: i % 2 ? b : a, at: from + i * step, duration: step * 0.95, wave, gain })
  return notes
}

/** Note lists of every ringtone, by name. */
export const RINGTONE_NOTES: Record<Ringtone, readonly Note[]> = {
  classic: bell(400, 450, [
    [0, 0.4],
    [0.6, 0.4],
  ]),
  'clear-ring': run('sine', 0.18, [
    [1318.5, 0, 0.15],
    [987.77, 0.18, 0.15],
    [1318.5, 0.36, 0.15],
    [987.77, 0.54, 0.25],
  ]),
  'future-sonar': run('sine', 0.22, [
    [880, 0, 0.5],
    [1174.66, 0.6, 0.7],
  ]),
  'marimba-2': run('triangle', 0.25, [
    [523.25, 0, 0.12],
    [659.25, 0.14, 0.12],
    [783.99, 0.28, 0.12],
    [1046.5, 0.42, 0.3],
  ]),
  noisy: trill('square', 0.06, 800, 1000, 0, 1.2, 0.06),
  dodo: run('sine', 0.22, [
    [523.25, 0, 0.25],
    [523.25, 0.3, 0.25],
    [392, 0.6, 0.45],
  ]),
  'happy-bells': run('sine', 0.2, [
    [783.99, 0, 0.18],
    [987.77, 0.2, 0.18],
    [1174.66, 0.4, 0.18],
    [1567.98, 0.6, 0.4],
  ]),
  marimba: run('triangle', 0.25, [
    [523.25, 0, 0.12],
    [783.99, 0.15, 0.12],
    [659.25, 0.3, 0.12],
    [1046.5, 0.45, 0.12],
    [783.99, 0.6, 0.25],
  ]),
  'smooth-piano': run('sine', 0.14, [
    [261.63, 0, 1.2],
    [329.63, 0.15, 1.05],
    [392, 0.3, 0.9],
    [523.25, 0.45, 0.75],
  ]),
  'electric-ring': trill('sawtooth', 0.05, 1000, 1200, 0, 0.8, 0.05).concat(
    trill('sawtooth', 0.05, 1000, 1200, 1.0, 0.8, 0.05),
  ),
  hey: run('square', 0.07, [
    [329.63, 0, 0.12],
    [440, 0.12, 0.3],
    [329.63, 0.7, 0.12],
    [440, 0.82, 0.3],
  ]),
  modern: run('sine', 0.2, [
    [880, 0, 0.16],
    [1318.5, 0.18, 0.16],
    [880, 0.36, 0.3],
  ]),
}

/** Pause between two rounds of a looping ringtone, in seconds. */
export const RINGTONE_GAP_S = 1

/**
 * Plays a ringtone in a loop until stopped; `volume` 0 keeps it silent (SPEC: gain 0 or 1).
 *
 * @example
 * const ring = playRingtone('marimba')
 * ring.stop()
 */
export function playRingtone(name: Ringtone, volume = 1): Playback {
  return playNotes(RINGTONE_NOTES[name] ?? RINGTONE_NOTES.classic, { loopGap: RINGTONE_GAP_S, volume })
}

/**
 * Plays one round of a ringtone (the offline alert, in the agent's chosen tone).
 *
 * @example
 * playRingtoneOnce('dodo', 0.5)
 */
export function playRingtoneOnce(name: Ringtone, volume = 1): Playback {
  return playNotes(RINGTONE_NOTES[name] ?? RINGTONE_NOTES.classic, { volume })
}

/**
 * Starts the audio engine ahead of the first ring: creating the first AudioContext of a page takes
 * about 100 ms, which must not fall on the ring itself.
 *
 * @example
 * requestIdleCallback(() => prepareRingtones())
 */
export function prepareRingtones(): void {
  playNotes([]).stop()
}
