/** Limits of one rate-limiter bucket. */
export interface RateLimit {
  /** Requests allowed per window. */
  max: number
  /** Window length in milliseconds. */
  windowMs: number
}

/**
 * A fixed-window counter per key (client IP and bucket). It lives in the process: with several
 * processes each allows `max`, which is fine for a limiter whose job is to shed bursts (the login
 * attempt limit, 410, is counted in the database instead).
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now()
    let window = this.#windows.get(key)
    if (!window || now - window.start >= this.limit.windowMs) {
      if (this.#windows.size > 50_000) this.#prune(now)
      window = { start: now, count: 0 }
      this.#windows.set(key, window)
    }
    window.count += 1
    if (window.count <= this.limit.max) return 0
    return Math.max(1, Math.ceil((window.start + this.limit.windowMs - now) / 1000))
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows)
      if (now - window.start >= this.limit.windowMs) this.#windows.delete(key)
  }
}
