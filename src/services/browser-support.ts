import Bowser from 'bowser'

/** What the browser-compatibility banner says (SPEC §8): nothing, deprecated, or vulnerable. */
export type BrowserSupport = 'supported' | 'deprecated' | 'vulnerable'

// SPEC §8: deprecated are Chrome and Edge up to 110, Firefox up to 120, Safari up to 14.
const DEPRECATED_VERSIONS = { chrome: '<=110', edge: '<=110', firefox: '<=120', safari: '<=14' }
// SPEC §8: vulnerable are Chrome and Edge below 99.0.4844.84.
const VULNERABLE_VERSIONS = { chrome: '<99.0.4844.84', edge: '<99.0.4844.84' }
const ALWAYS_DEPRECATED = ['Internet Explorer', 'Yandex Browser']
// In-app browsers Bowser does not name: Facebook's (FBAN/FBAV) and Instagram's.
const IN_APP_BROWSER = /FBAN|FBAV|FB_IAB|Instagram/i

/**
 * Classifies a user agent by the rules of SPEC §8. Vulnerable wins over deprecated: it is the more
 * urgent message.
 *
 * @example
 * browserSupport(navigator.userAgent) // 'supported'
 */
export function browserSupport(userAgent: string): BrowserSupport {
  const parser = Bowser.getParser(userAgent)
  if (parser.satisfies(VULNERABLE_VERSIONS)) return 'vulnerable'
  if (IN_APP_BROWSER.test(userAgent)) return 'deprecated'
  if (ALWAYS_DEPRECATED.includes(parser.getBrowserName())) return 'deprecated'
  return parser.satisfies(DEPRECATED_VERSIONS) ? 'deprecated' : 'supported'
}
