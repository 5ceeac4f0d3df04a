import { atom } from 'nanostores'
import {
  browserKeyboard,
  readKeyboardLayout,
  type KeyboardLayoutSource,
} from '../../services/keyboard-layout'

/** What each key of the agent's layout types (`KeyQ` → `a` on AZERTY), once learned; null while unknown. */
export const $keyboardLayout = atom<ReadonlyMap<string, string> | null>(null)

let learning: Promise<void> | null = null

/**
 * Learns the agent's keyboard layout once per page (later calls share the first); the shortcuts read it.
 *
 * @example
 * await learnKeyboardLayout()
 * printedOn('KeyQ') // 'a' on a French AZERTY keyboard
 */
export function learnKeyboardLayout(
  source: KeyboardLayoutSource | undefined = browserKeyboard(),
): Promise<void> {
  learning ??= readKeyboardLayout(source).then((layout) => $keyboardLayout.set(layout))
  return learning
}

/** The character the agent's layout prints on a key, when known. */
export function printedOn(code: string): string | undefined {
  return $keyboardLayout.get()?.get(code)
}

/** Forgets the layout learned (tests). */
export function forgetKeyboardLayout(): void {
  learning = null
  $keyboardLayout.set(null)
}
