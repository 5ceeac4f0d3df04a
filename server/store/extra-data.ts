import type { CustomerExtraData } from '../../src/protocol'

/** The keys of SPEC's `extraData`, in order (the fields of `CustomerExtraDataSchema`). */
export const CUSTOMER_EXTRA_KEYS = [
  'ip',
  'referrer',
  'countryName',
  'countryCode',
  'regionName',
  'cityName',
  'carrierName',
  'browserName',
  'browserVersion',
  'osName',
  'osVersion',
  'deviceType',
  'langNative',
] as const satisfies readonly (keyof CustomerExtraData)[]

/**
 * A call's stored `extra_data` as the wire's `extraData`: every key present, null where unknown, and
 * nothing else the row may hold.
 *
 * @example
 * storedExtraData({ ip: '203.0.113.7' }).cityName // null
 */
export function storedExtraData(stored: Record<string, string | null | undefined>): CustomerExtraData {
  return Object.fromEntries(CUSTOMER_EXTRA_KEYS.map((key) => [key, stored[key] ?? null])) as CustomerExtraData
}
