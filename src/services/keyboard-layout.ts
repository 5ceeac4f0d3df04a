/**
 * What each key of the agent's keyboard layout types, where the browser tells (Chromium's Keyboard API):
 * Option+A on a Mac types `å`, and only the layout says which key that was. Elsewhere nothing is known.
 */

/** The part of `navigator.keyboard` this module reads (not in TypeScript's DOM types). */
export interface KeyboardLayoutSource {
  getLayoutMap(): Promise<ReadonlyMap<string, string>>
}

/** The browser's Keyboard API, where it has one. */
export function browserKeyboard(): KeyboardLayoutSource | undefined {
  return (navigator as Navigator & { keyboard?: KeyboardLayoutSource }).keyboard
}

/**
 * Reads the layout: key position (`KeyQ`) → what it types (`a` on AZERTY), or null when unknown. A browser
 * without the API, or a frame the API refuses (it answers top-level pages only unless allowed), gives null.
 *
 * @example
 * const layout = await readKeyboardLayout(browserKeyboard())
 */
export async function readKeyboardLayout(
  source: KeyboardLayoutSource | undefined,
): Promise<ReadonlyMap<string, string> | null> {
  if (!source || typeof source.getLayoutMap !== 'function') return null
  try {
    return await source.getLayoutMap()
  } catch (error) {
    // Not a fault of the console: shortcuts then go by the keys' positions.
    console.info('[agent-console] keyboard layout unknown; shortcuts use key positions', error)
    return null
  }
}
