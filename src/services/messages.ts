import type en from '../../locales/en.json'
import type { Language } from '../constants'
import { languageMessages, type LanguageMessages, type Messages } from './message-groups'

/** Every message id; English defines them, the other languages are checked against it. */
export type MessageId = keyof typeof en

export type { Messages }

const cache = new Map<() => Promise<{ default: Messages }>, Promise<Messages>>()

/** Loads one chunk of messages once; a failed load is retried on the next call. */
function loadGroup(loader: () => Promise<{ default: Messages }>): Promise<Messages> {
  let pending = cache.get(loader)
  if (!pending) {
    pending = loader().then((module) => module.default)
    pending.catch(() => cache.delete(loader))
    cache.set(loader, pending)
  }
  return pending
}

const languages = new Map<Language, Promise<LanguageMessages>>()

/** Loads a language's chunk once; a failed load is retried on the next call. */
function loadLanguage(locale: Language): Promise<LanguageMessages> {
  let pending = languages.get(locale)
  if (!pending) {
    pending = languageMessages[locale]()
    pending.catch(() => languages.delete(locale))
    languages.set(locale, pending)
  }
  return pending
}

/**
 * Loads the messages of a language: the first screens' and those of the given lazy areas (an area without
 * messages of its own adds none), merged. Each area's are a chunk of their own, fetched once.
 *
 * @example
 * const messages = await loadMessages('fr', ['call/CallArea'])
 */
export async function loadMessages(locale: Language, areas: Iterable<string> = []): Promise<Messages> {
  const language = await loadLanguage(locale)
  const own = [...areas].flatMap((area) => language.areas?.[area] ?? [])
  const loaded = await Promise.all(own.map(loadGroup))
  // The same chunks give the same object: an area without messages of its own re-renders no translation.
  if (merged?.language === language && sameItems(merged.loaded, loaded)) return merged.messages
  merged = { language, loaded, messages: Object.assign({}, language.default, ...loaded) as Messages }
  return merged.messages
}

let merged: { language: LanguageMessages; loaded: Messages[]; messages: Messages } | null = null

const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index])

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}
