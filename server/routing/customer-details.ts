import Bowser from 'bowser'
import type { CustomerExtraData } from '../../src/protocol'

/**
 * What the server can tell about a customer from their connection: IP, browser, OS, device type
 * and language from the headers; place data only when the page sends it (no geo-IP database here).
 */
export function customerDetails(input: {
  ip: string
  userAgent: string
  language: string | null
  referrer: string | null
  location?: {
    [K in 'countryName' | 'countryCode' | 'regionName' | 'cityName' | 'carrierName']?: string | undefined
  }
}): CustomerExtraData {
  const parsed = Bowser.parse(input.userAgent || 'unknown')
  return {
    ip: input.ip.startsWith('::ffff:') ? input.ip.slice(7) : input.ip,
    referrer: input.referrer,
    countryName: input.location?.countryName ?? null,
    countryCode: input.location?.countryCode ?? null,
    regionName: input.location?.regionName ?? null,
    cityName: input.location?.cityName ?? null,
    carrierName: input.location?.carrierName ?? null,
    browserName: parsed.browser.name ?? null,
    browserVersion: parsed.browser.version ?? null,
    osName: parsed.os.name ?? null,
    osVersion: parsed.os.version ?? null,
    deviceType: parsed.platform.type ?? null,
    langNative: input.language ? (input.language.split(',')[0]?.trim() ?? null) : null,
  }
}
