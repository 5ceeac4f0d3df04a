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

/** Messages of the language in use; null until its chunk has loaded. */
export const $messages = atom<{ locale: Language; messages: Messages } | null>(null)

onMount($messages, () =>
  $locale.subscribe((locale) => {
    void loadMessages(locale).then((messages) => {
      if ($locale.get() === locale) $messages.set({ locale, messages })
    })
  }),
)

export type { MessageId }
