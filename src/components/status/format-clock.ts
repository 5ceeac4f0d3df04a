/**
 * Formats a duration as hh:mm:ss (SPEC §9); hours keep counting past 24.
 *
 * @example
 * formatClock(3_723_000) // '01:02:03'
 */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1_000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(total / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`
}
