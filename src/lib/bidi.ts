/** First Strong Isolate and Pop Directional Isolate (Unicode bidi algorithm, UAX #9). */
const FSI = '\u2068'
const PDI = '\u2069'

/**
 * A customer-supplied text made safe for a plain string (an `aria-label`, a `title`): isolated, so
 * that its own direction marks (a right-to-left override in a name) cannot reorder the text around
 * it, as `<bdi>` does in markup.
 *
 * @example
 * isolateBidi('\u202Egnp.exe') // shown as typed, without turning what follows around
 */
export function isolateBidi(text: string): string {
  return `${FSI}${text}${PDI}`
}
