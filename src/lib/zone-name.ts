/**
 * A time zone as people say it, in a language: its generic name and its city, e.g. "hora de Chile
 * (Santiago)" for `America/Santiago` in Spanish. A zone without a generic name (UTC, Etc/*) keeps its
 * id; an id the browser does not know is returned as it is.
 *
 * @example
 * zoneName('America/Santiago', 'fr') // 'heure du Chili (Santiago)'
 */
export function zoneName(zone: string, locale: string, at?: Date): string {
  let generic: string | undefined
  try {
    generic = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value
  } catch {
    return zone
  }
  const city = zone.includes('/') ? (zone.split('/').pop() ?? zone).replace(/_/g, ' ') : ''
  // "GMT+00:00" is no name: the id says more.
  if (!generic || /^(GMT|UTC)([+-]|$)/.test(generic)) return zone
  return city ? `${generic} (${city})` : generic
}
