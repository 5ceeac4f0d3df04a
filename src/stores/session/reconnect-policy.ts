import {
  RECONNECT_BASE_MS,
  RECONNECT_FAST_ATTEMPTS,
  RECONNECT_JITTER,
  RECONNECT_MAX_MS,
} from '../../constants'

/**
 * Pause before reconnection attempt `n` (1-based): about every second for the first
 * `RECONNECT_FAST_ATTEMPTS` (a restarted server is back within seconds), then doubling from 2 s up to
 * 30 s. Each pause is spread by ±`RECONNECT_JITTER`/2 at random, so that a server coming back is not
 * met by every console at the same instant.
 *
 * @example
 * clock.setTimeout(retry, reconnectDelay(attempt))
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const slow = Math.max(0, attempt - RECONNECT_FAST_ATTEMPTS)
  const base = Math.min(RECONNECT_BASE_MS * 2 ** slow, RECONNECT_MAX_MS)
  return Math.round(base * (1 + RECONNECT_JITTER * (random() - 0.5)))
}
