import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Language } from '../constants'

/** Messages of one language: ICU strings, or their precompiled AST in the built bundle. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>

/** Loads one lazy area's own messages in one language. */
export type AreaMessageLoader = () => Promise<{ default: Messages }>

/** A language's chunk: the first screens' messages, and the loaders of each lazy area's own. */
export interface LanguageMessages {
  default: Messages
  /** By area (its module's path under src/components); an area without messages of its own is absent. */
  areas?: Partial<Record<string, AreaMessageLoader>>
}

// In the source (browser tests, type checks) a language's chunk holds every message and no area has one
// of its own. The build replaces this module with the split (scripts/message-split.mjs): the first
// screens' messages in the language's chunk, with the loaders of the areas' own chunks, so the path
// carries one language's loaders, not every language's.

/** Each language's chunk. */
export const languageMessages: Record<Language, () => Promise<LanguageMessages>> = {
  en: () => import('../../locales/en.json'),
  es: () => import('../../locales/es.json'),
  fr: () => import('../../locales/fr.json'),
}
