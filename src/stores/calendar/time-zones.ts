import { FALLBACK_TIME_ZONE } from '../../constants'

/**
 * IANA time zones as people and servers name them. Chromium's Intl speaks CLDR, which keeps a few
 * retired names (`Asia/Calcutta`, `Europe/Kiev`); we show and send the current IANA names instead.
 *
 * @example
 * canonicalTimeZone('US/Eastern') // 'America/New_York'
 * canonicalTimeZone('Asia/Calcutta') // 'Asia/Kolkata'
 */

/** Retired names Intl still answers with, and the IANA name that replaced each. */
export const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  GMT: 'UTC',
}

/**
 * The current IANA name of a zone (links such as `US/Eastern` or `Chile/Continental` resolve to the zone
 * they point to), or null when the browser does not know it.
 */
export function canonicalTimeZone(name: string | null | undefined): string | null {
  if (!name) return null
  let resolved: string
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
  return TIME_ZONE_ALIASES[resolved] ?? resolved
}

/** The zone of this browser, canonical, or the SPEC's fallback (America/Santiago) when it has none. */
export function browserTimeZone(): string {
  return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? FALLBACK_TIME_ZONE
}

let all: string[] | null = null

/** Every zone the browser knows, canonical names, sorted, UTC included. */
export function allTimeZones(): readonly string[] {
  if (!all) {
    const known =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [FALLBACK_TIME_ZONE]
    all = [...new Set(['UTC', ...known].map((zone) => TIME_ZONE_ALIASES[zone] ?? zone))].sort()
  }
  return all
}

/** A zone to use for a customer: the given one when the browser knows it, else America/Santiago. */
export function customerTimeZone(name: string | null | undefined): string {
  return canonicalTimeZone(name) ?? FALLBACK_TIME_ZONE
}
