/** Limits of one rate-limiter bucket. */
export interface RateLimit {
  /** Requests allowed per window. */
  max: number
  /** Window length in milliseconds. */
  windowMs: number
}
