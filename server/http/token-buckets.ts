/** How many keys a `TokenBuckets` keeps at most before it forgets the full (idle) ones. */
const DEFAULT_MAX_KEYS = 50_000

/** One key's bucket: tokens left, and when they were counted. */
interface Bucket {
  tokens: number
  at: number
}

/**
 * Token buckets by key (a client address, a session, a socket), in this process's memory: each holds
 * up to `capacity` tokens and gains `perWindow` tokens every `windowMs`, so a client may spend a burst
 * of `capacity` and then `perWindow` per window. `take` spends one and says whether there was one.
 * Memory stays bounded: past `maxKeys` keys, buckets that refilled (an idle client loses nothing by
 * being forgotten) go first, then the oldest. The clock is injected, so tests drive time.
 *
 * @example
 * const chat = new TokenBuckets({ capacity: 10, perWindow: 5, windowMs: 1000, now: Date.now })
 * if (!chat.take(socket.id)) throw new ServerError(429, 'Too many requests')
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>()
  private readonly capacity: number
  private readonly ratePerMs: number
  private readonly now: () => number
  private readonly maxKeys: number

  constructor(options: {
    capacity: number
    perWindow: number
    windowMs: number
    now: () => number
    maxKeys?: number
  }) {
    this.capacity = options.capacity
    this.ratePerMs = options.perWindow / options.windowMs
    this.now = options.now
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS
  }

  /** Spends one token of `key`'s bucket; false (and nothing spent) when it is empty. */
  take(key: string): boolean {
    const now = this.now()
    const bucket = this.buckets.get(key) ?? this.add(key, now)
    bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.ratePerMs)
    bucket.at = now
    if (bucket.tokens < 1) return false
    bucket.tokens -= 1
    return true
  }

  /** Forgets `key` (its socket closed): a later one with the same key starts full. */
  forget(key: string): void {
    this.buckets.delete(key)
  }

  private add(key: string, now: number): Bucket {
    if (this.buckets.size >= this.maxKeys) this.prune(now)
    const bucket = { tokens: this.capacity, at: now }
    this.buckets.set(key, bucket)
    return bucket
  }

  /** Drops the buckets that are full again, then the oldest until there is room. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.at) * this.ratePerMs >= this.capacity) this.buckets.delete(key)
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break
      this.buckets.delete(key)
    }
  }
}
