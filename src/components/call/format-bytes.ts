import type { IntlShape } from 'react-intl'

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

function scaled(bytes: number): { value: number; unit: (typeof UNITS)[number] } {
  let value = Math.max(0, bytes)
  let index = 0
  while (value >= 1000 && index < UNITS.length - 1) {
    value /= 1000
    index += 1
  }
  return { value, unit: UNITS[index] as (typeof UNITS)[number] }
}

/**
 * A size in the agent's language: "5.2 MB", "830 kB".
 *
 * @example
 * formatBytes(intl, 5_242_880) // "5.2 MB"
 */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const { value, unit } = scaled(bytes)
  return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })
}

/** A speed in the agent's language: "2.3 MB/s". */
export function formatSpeed(intl: IntlShape, bytesPerSecond: number): string {
  const { value, unit } = scaled(bytesPerSecond)
  return intl.formatNumber(value, {
    style: 'unit',
    unit: `${unit}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  })
}

/** Time left in the agent's language: "12 sec", "3 min". */
export function formatTimeLeft(intl: IntlShape, ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  if (seconds < 90) return intl.formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'short' })
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return intl.formatNumber(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'short' })
  return intl.formatNumber(Math.round(minutes / 6) / 10, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  })
}
