/**
 * The customer page's language: English, Spanish or French, chosen once at load (`?lang=`, else the
 * browser's languages, else English), its messages (the `customerPage.` ones of locales/*.json, which
 * the page's bundle carries through `customer-page:messages`) and the texts of the page's markup.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat'
import messages from 'customer-page:messages'
import type en from '../../locales/en.json'

/** The languages the page speaks, English first (the fallback). */
export const LANGUAGES = ['en', 'es', 'fr'] as const
/** A language of the page. */
export type Language = (typeof LANGUAGES)[number]
/** A message of the customer page (English defines them; a missing one fails the type check). */
export type CustomerMessageId = Extract<keyof typeof en, `customerPage.${string}`>
/** Values of a message's arguments (a `Date` for `{at, time}`). */
export type MessageValues = Record<string, PrimitiveType>

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value)

/**
 * The page's language: `query` (`?lang=`) when it is one of ours, else the first of `preferred`
 * (`navigator.languages`) whose primary subtag is, else English.
 *
 * @example
 * chooseLanguage(null, ['de-DE', 'fr-CA', 'en']) // 'fr'
 */
export function chooseLanguage(query: string | null, preferred: readonly string[]): Language {
  if (query && isLanguage(query.toLowerCase())) return query.toLowerCase() as Language
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase() ?? ''
    if (isLanguage(primary)) return primary
  }
  return 'en'
}

/** This page's language, chosen once: every text and every date of the page is in it. */
export const language: Language = chooseLanguage(
  new URLSearchParams(location.search).get('lang'),
  navigator.languages,
)

const formats = new Map<string, IntlMessageFormat>()

/** A message's formatter, built once (parsing ICU is the costly part). English stands in for a gap. */
function formatter(id: CustomerMessageId): IntlMessageFormat {
  let format = formats.get(id)
  if (!format) {
    const source = messages[language][id] ?? messages.en[id]
    format = new IntlMessageFormat(source ?? id, language)
    formats.set(id, format)
  }
  return format
}

/**
 * A message of the page in its language, as text.
 *
 * @example
 * t('customerPage.link.title', { agent: 'Ana' }) // 'Llamar a Ana' in Spanish
 */
export function t(id: CustomerMessageId, values?: MessageValues): string {
  const parts = formatter(id).formatToParts<never>(values)
  return parts.map((part) => String(part.value)).join('')
}

/**
 * A message whose arguments may be nodes (an agent's name in bold): its parts, ready for `append`.
 * Text arguments stay text (never markup).
 *
 * @example
 * element.replaceChildren(...tNodes('customerPage.manage.withAgent', { agent: strong }))
 */
export function tNodes(
  id: CustomerMessageId,
  values: Record<string, PrimitiveType | Node>,
): (string | Node)[] {
  return formatter(id)
    .formatToParts<Node>(values)
    .map((part) => (typeof part.value === 'object' ? part.value : String(part.value)))
}

/** Markup attributes that name a message, and the attribute each one translates. */
const ATTRIBUTES: Record<string, string> = {
  'data-i18n-placeholder': 'placeholder',
  'data-i18n-aria-label': 'aria-label',
}

/**
 * Puts the page's language on `<html lang>` and translates the markup: an element's text from its
 * `data-i18n`, an attribute from `data-i18n-placeholder` / `data-i18n-aria-label`. The English in the
 * markup stays as the fallback of a page whose script never ran.
 *
 * @example
 * translateDocument(document)
 */
export function translateDocument(root: Document): void {
  root.documentElement.lang = language
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]'))
    element.textContent = t(element.dataset.i18n as CustomerMessageId)
  for (const [data, attribute] of Object.entries(ATTRIBUTES))
    for (const element of root.querySelectorAll(`[${data}]`))
      element.setAttribute(attribute, t(element.getAttribute(data) as CustomerMessageId))
}
