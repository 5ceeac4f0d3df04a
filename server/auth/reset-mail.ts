import { IntlMessageFormat } from 'intl-messageformat'
import en from '../../locales/en.json'
import es from '../../locales/es.json'
import fr from '../../locales/fr.json'

/** The languages a reset mail is written in, English first (the fallback). */
export const MAIL_LANGUAGES = ['en', 'es', 'fr'] as const
/** A language of the mails. */
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

type MailMessageId = Extract<keyof typeof en, `passwordResetMail.${string}`>
const MESSAGES: Record<MailLanguage, Partial<Record<string, string>>> = { en, es, fr }

const isLanguage = (value: unknown): value is MailLanguage =>
  typeof value === 'string' && (MAIL_LANGUAGES as readonly string[]).includes(value)

/**
 * The language of a user's mail: their settings' `language` when it is one of ours, else the best of the
 * request's `Accept-Language` (by `q`), else English.
 *
 * @example
 * mailLanguage({}, 'de-DE, es;q=0.8, en;q=0.5') // 'es'
 */
export function mailLanguage(settings: unknown, acceptLanguage: string | undefined): MailLanguage {
  const chosen = (settings as { language?: unknown } | null)?.language
  if (isLanguage(chosen)) return chosen
  const ranked = (acceptLanguage ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      )
      return { primary: tag.split('-')[0]?.toLowerCase() ?? '', q: Number.isFinite(q) ? q : 0, index }
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return ranked.map(({ primary }) => primary).find(isLanguage) ?? 'en'
}

function text(
  language: MailLanguage,
  id: MailMessageId,
  values: Record<string, string | number> = {},
): string {
  const source = MESSAGES[language][id] ?? en[id]
  return String(new IntlMessageFormat(source, language).format(values))
}

/** Markup's special characters as entities: names and links go into the HTML part as text. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** A mail ready for the transport: subject, plain text and HTML. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

function html(language: MailLanguage, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  if (link) body.splice(2, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`)
  return `<!doctype html><html lang="${language}"><body>${body.join('')}</body></html>`
}

/**
 * The mail with a reset link, in `language`: a greeting with the user's name, the link (valid `minutes`),
 * and what to do if they did not ask.
 */
export function resetLinkMail(
  language: MailLanguage,
  name: string,
  link: string,
  minutes: number,
): MailContent {
  const greeting = text(language, 'passwordResetMail.greeting', { name })
  const body = text(language, 'passwordResetMail.body', { minutes })
  const ignore = text(language, 'passwordResetMail.ignore')
  return {
    subject: text(language, 'passwordResetMail.subject'),
    text: [greeting, body, link, ignore].join('\n\n'),
    html: html(language, [greeting, body, ignore], {
      href: link,
      label: text(language, 'passwordResetMail.action'),
    }),
  }
}

/** The mail to a user who signs in by enterprise SSO: no link, they have no password here to reset. */
export function ssoAccountMail(language: MailLanguage, name: string): MailContent {
  const greeting = text(language, 'passwordResetMail.greeting', { name })
  const body = text(language, 'passwordResetMail.ssoBody')
  const ignore = text(language, 'passwordResetMail.ssoIgnore')
  return {
    subject: text(language, 'passwordResetMail.ssoSubject'),
    text: [greeting, body, ignore].join('\n\n'),
    html: html(language, [greeting, body, ignore]),
  }
}
