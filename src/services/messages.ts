import type en from '../../locales/en.json'
import type { Language } from '../constants'
import { areaMessages, coreMessages, type MessageLoader, type Messages } from './message-groups'

/** Every message id; English defines them, the other languages are checked against it. */
export type MessageId = keyof typeof en

export type { Messages }

const cache = new Map<MessageLoader, Promise<Messages>>()

/** Loads one group once; a failed load is retried on the next call. */
function loadGroup(loader: MessageLoader): Promise<Messages> {
  let pending = cache.get(loader)
  if (!pending) {
    pending = loader().then((module) => module.default)
    pending.catch(() => cache.delete(loader))
    cache.set(loader, pending)
  }
  return pending
}

/**
 * Loads the messages of a language: the first screens' and those of the given lazy areas (an area without
 * messages of its own adds none), merged. Each group is a chunk of its own, fetched once.
 *
 * @example
 * const messages = await loadMessages('fr', ['call/CallArea'])
 */
export async function loadMessages(locale: Language, areas: Iterable<string> = []): Promise<Messages> {
  const groups = [coreMessages[locale], ...[...areas].flatMap((area) => areaMessages[area]?.[locale] ?? [])]
  const loaded = await Promise.all(groups.map(loadGroup))
  return Object.assign({}, ...loaded) as Messages
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}
