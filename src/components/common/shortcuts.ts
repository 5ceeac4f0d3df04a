import type { MessageId } from '../../stores/app/i18n'
import { printedOn } from '../../stores/app/keyboard-layout'

/** A keyboard shortcut of the console. */
export type ShortcutId =
  'answer' | 'dismiss' | 'hangUp' | 'toggleAudio' | 'toggleVideo' | 'toggleBoth' | 'pictureInPicture'

/**
 * The console's shortcuts (SPEC §2) as data: the handlers and the help dialog (`?`) read this table.
 * Alt with the letter the agent's keyboard shows (`a` on the key labelled A, wherever the layout puts it);
 * see `letterOf`. They act only while the focus is inside the console, never while the agent types in the
 * host page.
 */
export const SHORTCUTS: readonly { id: ShortcutId; letter: string; keys: string; label: MessageId }[] = [
  { id: 'answer', letter: 'a', keys: 'Alt+A', label: 'shortcuts.answer' },
  { id: 'dismiss', letter: 'x', keys: 'Alt+X', label: 'shortcuts.dismiss' },
  { id: 'hangUp', letter: 'h', keys: 'Alt+H', label: 'shortcuts.hangUp' },
  { id: 'toggleAudio', letter: 'm', keys: 'Alt+M', label: 'shortcuts.toggleAudio' },
  { id: 'toggleVideo', letter: 'c', keys: 'Alt+C', label: 'shortcuts.toggleVideo' },
  { id: 'toggleBoth', letter: 't', keys: 'Alt+T', label: 'shortcuts.toggleBoth' },
  { id: 'pictureInPicture', letter: 'w', keys: 'Alt+W', label: 'shortcuts.pictureInPicture' },
]

const LATIN_LETTER = /^[a-z]$/i

/**
 * The letter a key press stands for: the one it typed (an AZERTY keyboard types `a` on the position of a
 * QWERTY Q), else the one the layout prints on that key (Alt on a Mac types another character), else the
 * key's QWERTY position (layouts with no Latin letters, browsers without the Keyboard API).
 */
function letterOf(event: KeyboardEvent): string | null {
  if (LATIN_LETTER.test(event.key)) return event.key.toLowerCase()
  // Another character of plain ASCII (AZERTY's `,` where QWERTY has M) is that character, not a letter.
  if (/^[\x21-\x7e]$/.test(event.key)) return null
  const printed = printedOn(event.code)
  if (printed && LATIN_LETTER.test(printed)) return printed.toLowerCase()
  return /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : null
}

/** The shortcut a key press means, if any (Alt and a key, nothing else held, not a repeat). */
export function shortcutOf(event: KeyboardEvent): ShortcutId | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.repeat) return null
  const letter = letterOf(event)
  return SHORTCUTS.find((shortcut) => shortcut.letter === letter)?.id ?? null
}

/** Whether a key press opens the shortcuts' help: `?`, outside a text field. */
export function asksForHelp(event: KeyboardEvent): boolean {
  if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.composedPath()[0]
  if (!(target instanceof HTMLElement)) return true
  return !(target.isContentEditable || target.closest('input, textarea, select, [contenteditable]'))
}
