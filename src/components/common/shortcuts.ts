import type { MessageId } from '../../stores/app/i18n'

/** A keyboard shortcut of the console. */
export type ShortcutId =
  'answer' | 'dismiss' | 'hangUp' | 'toggleAudio' | 'toggleVideo' | 'toggleBoth' | 'pictureInPicture'

/**
 * The console's shortcuts (SPEC §2) as data: the handlers and the help dialog (`?`) read this table.
 * Alt with a key position (`KeyA`…), so they work whatever Alt types on a Mac or in another layout.
 * They act only while the focus is inside the console, never while the agent types in the host page.
 */
export const SHORTCUTS: readonly { id: ShortcutId; code: string; keys: string; label: MessageId }[] = [
  { id: 'answer', code: 'KeyA', keys: 'Alt+A', label: 'shortcuts.answer' },
  { id: 'dismiss', code: 'KeyX', keys: 'Alt+X', label: 'shortcuts.dismiss' },
  { id: 'hangUp', code: 'KeyH', keys: 'Alt+H', label: 'shortcuts.hangUp' },
  { id: 'toggleAudio', code: 'KeyM', keys: 'Alt+M', label: 'shortcuts.toggleAudio' },
  { id: 'toggleVideo', code: 'KeyC', keys: 'Alt+C', label: 'shortcuts.toggleVideo' },
  { id: 'toggleBoth', code: 'KeyT', keys: 'Alt+T', label: 'shortcuts.toggleBoth' },
  { id: 'pictureInPicture', code: 'KeyW', keys: 'Alt+W', label: 'shortcuts.pictureInPicture' },
]

/** The shortcut a key press means, if any (Alt and a key, nothing else held, not a repeat). */
export function shortcutOf(event: KeyboardEvent): ShortcutId | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.repeat) return null
  return SHORTCUTS.find((shortcut) => shortcut.code === event.code)?.id ?? null
}

/** Whether a key press opens the shortcuts' help: `?`, outside a text field. */
export function asksForHelp(event: KeyboardEvent): boolean {
  if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.composedPath()[0]
  if (!(target instanceof HTMLElement)) return true
  return !(target.isContentEditable || target.closest('input, textarea, select, [contenteditable]'))
}
