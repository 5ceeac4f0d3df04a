import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Language } from '../constants'

/** Messages of one language: ICU strings, or their precompiled AST in the built bundle. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>

/** Loads one group of messages in one language. */
export type MessageLoader = () => Promise<{ default: Messages }>

// In the source (browser tests, type checks) the first screens' group holds every message and no area has
// one of its own. The build replaces this module with the split (scripts/message-split.mjs): the first
// screens' messages here, each lazy area's in a chunk of its own, each language apart.

/** The first screens' messages, by language. */
export const coreMessages: Record<Language, MessageLoader> = {
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
  fr: () => import('../../locales/fr.json'),
}

/** Each lazy area's own messages, by area (its module's path under src/components) and language. */
export const areaMessages: Partial<Record<string, Record<Language, MessageLoader>>> = {}
