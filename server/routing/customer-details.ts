import Bowser from 'bowser'
import { LRUCache } from 'lru-cache'
import type { CustomerExtraData } from '../../src/protocol'

/** What Bowser reads of a user agent: the parts the customer's details keep. */
type ParsedAgent = Pick<Bowser.Parser.ParsedResult, 'browser' | 'os' | 'platform'>

/**
 * User agents already parsed: customers share a few browsers, and Bowser tries its whole list of
 * patterns on each string (0.1 ms of the server's loop per `queue:join`). Bounded in entries, and a
 * string longer than any browser sends is parsed without being kept.
 */
const parsedAgents = new LRUCache<string, ParsedAgent>({ max: 500 })
const LONGEST_KEPT_AGENT = 512

function parseAgent(userAgent: string): ParsedAgent {
  const known = parsedAgents.get(userAgent)
  if (known) return known
  const parsed = Bowser.parse(userAgent)
  if (userAgent.length <= LONGEST_KEPT_AGENT) parsedAgents.set(userAgent, parsed)
  return parsed
}

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
  const parsed = parseAgent(input.userAgent || 'unknown')
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
