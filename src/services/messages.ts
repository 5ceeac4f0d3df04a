import type en from '../../locales/en.json'
import type { Language } from '../constants'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/** Every message id; English defines them, the other languages are checked against it. */
export type MessageId = keyof typeof en

/** Messages of one language: ICU strings, or their precompiled AST in the built bundle. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>

// Each language is its own lazy chunk: a page downloads only the one it speaks.
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
  fr: () => import('../../locales/fr.json'),
}

const cache = new Map<Language, Promise<Messages>>()

/** Loads the messages of a language once; a failed load is retried on the next call. */
export function loadMessages(locale: Language): Promise<Messages> {
  let pending = cache.get(locale)
  if (!pending) {
    pending = loaders[locale]().then((module) => module.default)
    pending.catch(() => cache.delete(locale))
    cache.set(locale, pending)
  }
  return pending
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}
