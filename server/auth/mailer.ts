import { createTransport, type Transporter } from 'nodemailer'
import type { MailContent } from './reset-mail'

/** Sends a mail to one address. */
export type SendMail = (to: string, content: MailContent) => Promise<void>

/**
 * A mail sender by SMTP (nodemailer) to `smtpUrl`, from `from`; without `smtpUrl`, `fallback` takes the
 * mail (development prints the link in the server's log, production sends nothing).
 *
 * @example
 * const send = mailSender('smtp://mail.example.com:587', 'Console <no-reply@example.com>', log)
 */
export function mailSender(smtpUrl: string | undefined, from: string, fallback: SendMail): SendMail {
  if (!smtpUrl) return fallback
  let transport: Transporter | undefined
  return async (to, content) => {
    // Made at the first mail: a server that never sends one opens no connection.
    transport ??= createTransport(smtpUrl)
    await transport.sendMail({ from, to, subject: content.subject, text: content.text, html: content.html })
  }
}
