/**
 * A quick answer to the browser check from User-Agent Client Hints, without the full user-agent
 * parser: a current Chromium (Chrome, Edge and the others on its engine) says its engine version in
 * `navigator.userAgentData.brands`, so it is known to be supported without parsing the string.
 */

/** The part of `navigator.userAgentData` this module reads (not in TypeScript's DOM types). */
export interface BrandHints {
  brands: readonly { brand: string; version: string }[]
}

// SPEC §8 deprecates Chromium browsers up to 110 and marks some below 99 vulnerable: above 110 neither.
const LAST_DEPRECATED_CHROMIUM = 110
// Browsers SPEC §8 deprecates whatever their engine: in-app browsers and Yandex.
const DEPRECATED_WHATEVER_ENGINE = /FBAN|FBAV|FB_IAB|Instagram|YaBrowser|Yowser/i

/**
 * Whether the hints prove the browser supported (SPEC §8). `false` means "not proven": the caller
 * then asks the full parser, never shows a banner on this answer alone.
 *
 * @example
 * currentChromium(navigator.userAgentData, navigator.userAgent) // true in Chrome 131
 */
export function currentChromium(hints: BrandHints | undefined, userAgent: string): boolean {
  if (!hints || !Array.isArray(hints.brands) || DEPRECATED_WHATEVER_ENGINE.test(userAgent)) return false
  const engine = hints.brands.find(({ brand }) => brand === 'Chromium')
  const major = Number.parseInt(engine?.version ?? '', 10)
  return Number.isFinite(major) && major > LAST_DEPRECATED_CHROMIUM
}

/** The browser's own hints, when it has them. */
export function brandHints(): BrandHints | undefined {
  return (navigator as Navigator & { userAgentData?: BrandHints }).userAgentData
}
