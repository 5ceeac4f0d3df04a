import { clock, type TimerId } from './clock'

/**
 * A small Web Audio synthesizer: the console's sounds are synthesized, nothing is fetched (no CDN).
 * The ringtones (`ringtones.ts`) are note lists it plays; the offline alert is a round of one of them.
 */

/** One note of a sound. */
export interface Note {
  /** Pitch in Hz. */
  frequency: number
  /** Start, in seconds from the sound's start. */
  at: number
  /** Length in seconds. */
  duration: number
  /** Peak loudness 0…1 (default 0.2: notices, not alarms). */
  gain?: number
  /** Oscillator shape (default sine). */
  wave?: OscillatorType
}

/** A sound being played. */
export interface Playback {
  /** Stops it now (and any further loop). */
  stop(): void
  /** Changes its loudness (0…1) while it plays. */
  setVolume(volume: number): void
}

/** How to play a sound. */
export interface PlayOptions {
  /** Play again and again until stopped, with this pause in seconds between rounds. */
  loopGap?: number
  /** Overall loudness 0…1 (the ringtone's gain 0 mutes it). */
  volume?: number
}

let context: AudioContext | null = null

function audioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null
  context ??= new AudioContext()
  // Browsers suspend audio until a user gesture; resuming later is harmless.
  if (context.state === 'suspended') void context.resume().catch(() => undefined)
  return context
}

function schedule(audio: AudioContext, notes: readonly Note[], output: GainNode, start: number) {
  return notes.map((note) => {
    const oscillator = audio.createOscillator()
    const envelope = audio.createGain()
    const from = start + note.at
    const to = from + note.duration
    oscillator.type = note.wave ?? 'sine'
    oscillator.frequency.value = note.frequency
    // Short ramps in and out avoid clicks.
    envelope.gain.setValueAtTime(0, from)
    envelope.gain.linearRampToValueAtTime(note.gain ?? 0.2, from + 0.01)
    envelope.gain.setValueAtTime(note.gain ?? 0.2, Math.max(from + 0.01, to - 0.03))
    envelope.gain.linearRampToValueAtTime(0, to)
    oscillator.connect(envelope).connect(output)
    oscillator.start(from)
    oscillator.stop(to)
    return oscillator
  })
}

/** Length of a sound in seconds. */
export function soundLength(notes: readonly Note[]): number {
  return notes.reduce((end, note) => Math.max(end, note.at + note.duration), 0)
}

/**
 * Plays notes once, or in a loop until stopped. Silently does nothing where Web Audio is missing.
 *
 * @example
 * const ring = playNotes(RINGTONE, { loopGap: 1.5 })
 * ring.stop()
 */
export function playNotes(notes: readonly Note[], options: PlayOptions = {}): Playback {
  const audio = audioContext()
  if (!audio || notes.length === 0) return { stop: () => undefined, setVolume: () => undefined }
  const output = audio.createGain()
  output.gain.value = options.volume ?? 1
  output.connect(audio.destination)
  let oscillators = schedule(audio, notes, output, audio.currentTime)
  let timer: TimerId | undefined
  let stopped = false
  const round = soundLength(notes) + (options.loopGap ?? 0)
  const again = () => {
    if (stopped) return
    oscillators = schedule(audio, notes, output, audio.currentTime)
    timer = clock.setTimeout(again, round * 1000)
  }
  if (options.loopGap !== undefined) timer = clock.setTimeout(again, round * 1000)
  return {
    stop() {
      stopped = true
      clock.clearTimeout(timer)
      for (const oscillator of oscillators)
        try {
          oscillator.stop()
        } catch {
          // Already stopped.
        }
      output.disconnect()
    },
    setVolume(volume) {
      output.gain.value = volume
    },
  }
}
