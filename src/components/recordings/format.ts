import type { IntlShape } from 'react-intl'
import { formatClock } from '../status/format-clock'

/** Bytes as the agent reads them (kB, MB, GB), in their language. */
export function formatBytes(intl: IntlShape, bytes: number | null): string {
  if (bytes === null) return '—'
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return intl.formatNumber(value, {
    style: 'unit',
    unit: units[unit] ?? 'byte',
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  })
}

/** Seconds as hh:mm:ss, to the nearest second. */
export function formatDuration(seconds: number | null): string {
  return seconds === null ? '—' : formatClock(Math.round(seconds) * 1000)
}

/** A recording's start as a short date and time. */
export function formatWhen(intl: IntlShape, instant: string): string {
  return intl.formatDate(instant, { dateStyle: 'medium', timeStyle: 'short' })
}
