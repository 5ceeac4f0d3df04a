import { RECONNECT_BASE_MS, RECONNECT_JITTER, RECONNECT_MAX_MS } from '../../constants'

/**
 * Pause before reconnection attempt `n` (1-based): 1 s, 2 s, 4 s… up to 30 s, plus up to 20 % at
 * random so that a server coming back is not met by every console at the same instant.
 *
 * @example
 * clock.setTimeout(retry, reconnectDelay(attempt))
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_MAX_MS)
  return Math.round(base * (1 + RECONNECT_JITTER * random()))
}
