import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

/** A mail as the SMTP server received it: envelope, decoded headers and parts. */
export interface ReceivedMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  /** The raw message, as sent. */
  raw: string
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
  // Percent-decoding reads the bytes as UTF-8; characters that were not escaped pass as they are.
  return decodeURIComponent(bytes.replace(/[^%\x20-\x7e\r\n\t]/g, encodeURIComponent))
}

/** Headers of a MIME entity (unfolded, names lower case) and its body. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/)
  const head = at < 0 ? entity : entity.slice(0, at)
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** The text/plain and text/html parts of a message, decoded (multipart/alternative or a single part). */
function partsOf(entity: string, found: { text: string; html: string }): void {
  const { headers, body } = splitEntity(entity)
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break
      partsOf(part.replace(/^\r?\n/, ''), found)
    }
    return
  }
  if (type.toLowerCase().startsWith('text/html')) found.html = decodeBody(headers, body)
  else if (type.toLowerCase().startsWith('text/plain')) found.text = decodeBody(headers, body)
}

/** Reads a raw message into a `ReceivedMail`. */
export function parseMail(raw: string, to: string[], from: string): ReceivedMail {
  const { headers } = splitEntity(raw)
  const found = { text: '', html: '' }
  partsOf(raw, found)
  return { to, from, subject: decodeWords(headers.get('subject') ?? ''), raw, ...found }
}

/**
 * A real SMTP server in the test process (the `smtp-server` package, no TLS, any login): what the server
 * under test sends by `SMTP_URL` lands in `mails`. `next(to)` waits for a mail to that address.
 *
 * @example
 * const inbox = await SmtpInbox.start()
 * process.env.SMTP_URL = inbox.url
 * const mail = await inbox.next('ana@demo.test')
 */
export class SmtpInbox {
  private constructor(
    private readonly server: SMTPServer,
    /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
    readonly url: string,
    /** Every mail received, in order. */
    readonly mails: ReceivedMail[],
    private readonly waiting: Set<() => void>,
  ) {}

  /** Starts listening on a free port of 127.0.0.1. */
  static async start(): Promise<SmtpInbox> {
    const mails: ReceivedMail[] = []
    const waiting = new Set<() => void>()
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map(({ address }) => address.toLowerCase())
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to, from))
          for (const wake of waiting) wake()
          callback()
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address()
    return new SmtpInbox(server, `smtp://127.0.0.1:${port}`, mails, waiting)
  }

  /** The mails received for `to`. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()))
  }

  /** Waits (up to `timeoutMs`) for the `count`-th mail to `address`, and returns it. */
  async next(
    address: string,
    count = this.to(address).length + 1,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = this.to(address)[count - 1]
      if (mail) return mail
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no mail ${count} to ${address} within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(wake, left)
        this.waiting.add(wake)
      })
    }
  }

  /** Stops listening. */
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}
