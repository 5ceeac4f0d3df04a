import { atom, computed, onMount } from 'nanostores'
import { LANGUAGES, type Language } from '../../constants'
import { $config } from './config'
import { loadMessages, type Messages, type MessageId } from '../../services/messages'

/** Picks the first supported language of a list of BCP 47 tags, else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] as Language
    if (LANGUAGES.includes(base)) return base
  }
  return LANGUAGES[0]
}

const $browserLanguages = atom<readonly string[]>(typeof navigator === 'undefined' ? [] : navigator.languages)

onMount($browserLanguages, () => {
  const update = () => $browserLanguages.set(navigator.languages)
  window.addEventListener('languagechange', update)
  return () => window.removeEventListener('languagechange', update)
})

/** The language in use: the override of the configuration, else the browser's first supported one. */
export const $locale = computed([$config, $browserLanguages], (config, browser) =>
  pickLanguage(config.lang ? [config.lang, ...browser] : browser),
)

/** Messages of the language in use, with the lazy areas they cover; null until the first ones have loaded. */
export const $messages = atom<{ locale: Language; messages: Messages; areas: ReadonlySet<string> } | null>(
  null,
)

// The lazy areas shown so far: their messages are kept, and reloaded with the first screens' on a switch
// of language, so an area on screen never shows a raw message id.
const areas = new Set<string>()
let latest = 0

/** Loads the messages of `locale` for the first screens and every area so far, and puts them in use. */
async function refresh(locale: Language): Promise<void> {
  const run = ++latest
  const covered = new Set(areas)
  const messages = await loadMessages(locale, covered)
  // A later refresh (another area, another language) supersedes this one.
  if (run === latest && $locale.get() === locale) $messages.set({ locale, messages, areas: covered })
}

onMount($messages, () => $locale.subscribe((locale) => void refresh(locale)))

/** Resolves once the messages in use are in the language in use and cover `area`. */
function covering(area: string): Promise<void> {
  return new Promise((resolve) => {
    const unbind = $messages.subscribe((value) => {
      if (!value || value.locale !== $locale.get() || !value.areas.has(area)) return
      resolve()
      queueMicrotask(() => unbind())
    })
  })
}

/**
 * A lazy area's module, resolved once its messages are in use too: the area's chunk and its messages'
 * load side by side, and the area never renders before its messages. `area` is the module's path under
 * src/components (the build checks it, scripts/message-split.mjs).
 *
 * @example
 * const loadCalendarArea = () => withMessages('calendar/CalendarArea', import('./calendar/CalendarArea'))
 */
export async function withMessages<T>(area: string, module: Promise<T>): Promise<T> {
  areas.add(area)
  try {
    const [loaded] = await Promise.all([module, refresh($locale.get())])
    await covering(area)
    return loaded
  } catch (error) {
    // Every refresh loads the messages of every area kept: one whose chunk failed (a server restart
    // mid-load; Chromium keeps a failed module import failed) would fail every later area with it.
    if (!$messages.get()?.areas.has(area)) areas.delete(area)
    throw error
  }
}

export type { MessageId }
