import { TRANSFER_RATE_WINDOW_MS } from '../../constants'

/** How fast a file moves, and how long it has left; null until there is enough to tell. */
export interface TransferRate {
  /** Bytes per second over the last few seconds. */
  speed: number | null
  /** Milliseconds until the last byte at that speed. */
  remainingMs: number | null
}

/** Too short a span says nothing about speed. */
const MIN_SPAN_MS = 200

/**
 * Measures a transfer's speed over a sliding window of progress samples, so a stall shows at once and
 * an old burst does not linger.
 *
 * @example
 * const meter = new RateMeter(0, clock.now())
 * const { speed, remainingMs } = meter.sample(bytes, clock.now(), size)
 */
export class RateMeter {
  #samples: { at: number; bytes: number }[]

  constructor(bytes: number, at: number) {
    this.#samples = [{ at, bytes }]
  }

  /** Adds a sample and returns the rate it gives. */
  sample(bytes: number, at: number, size: number): TransferRate {
    this.#samples.push({ at, bytes })
    while (this.#samples.length > 2 && at - (this.#samples[1]?.at ?? at) >= TRANSFER_RATE_WINDOW_MS)
      this.#samples.shift()
    const first = this.#samples[0] as { at: number; bytes: number }
    const span = at - first.at
    if (span < MIN_SPAN_MS) return { speed: null, remainingMs: null }
    const speed = ((bytes - first.bytes) * 1000) / span
    return {
      speed,
      remainingMs: speed > 0 ? Math.round(((size - bytes) * 1000) / speed) : null,
    }
  }
}
