import { after, before, describe, it, mock } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { io } from 'socket.io-client'
import { randomUUID } from 'node:crypto'
import type { ErrorReply, LoginResponse } from '../../src/protocol'
import { DEMO_PASSWORD, SEED } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { SmtpInbox, type ReceivedMail } from '../support/smtp-inbox'

// Issue 69: password reset by email (SPEC §2 public paths, §7 /auth/password-reset). A real SMTP server in
// this process receives what the server sends; the server's clock is the test's.

const PER_ADDRESS = 4
const PER_ACCOUNT = 2
const NEW_PASSWORD = 'correct horse battery staple'
const SETTINGS = {
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS),
  PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR: String(PER_ACCOUNT),
  MAIL_FROM: 'Console <reset@console.test>',
}

let inbox: SmtpInbox
let server: TestServer
let addresses = 0

/** Sets `values` in the environment while `start` runs (the routes read it when they are set up). */
async function withEnv<T>(values: Record<string, string | undefined>, start: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  for (const [name, value] of Object.entries(values))
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  try {
    return await start()
  } finally {
    for (const [name, value] of Object.entries(before))
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
  }
}

/** A client address of its own for each caller, so the per-address budget of one test is not another's. */
const newAddress = () => `203.0.113.${++addresses}`

before(async () => {
  inbox = await SmtpInbox.start()
  server = await withEnv({ ...SETTINGS, SMTP_URL: inbox.url }, () =>
    TestServer.start({
      trustProxy: 1,
      publicUrl: 'https://console.example',
      rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
    }),
  )
})
after(async () => {
  await server.close()
  await inbox.close()
})

async function ask(email: unknown, options: { address?: string; language?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address ?? newAddress() }
  if (options.language) headers['accept-language'] = options.language
  const response = await server.http<{ accepted: true } | ErrorReply>('POST', '/auth/password-reset', {
    body: { email },
    headers,
  })
  // The mail is written after the answer: wait for it before looking in the inbox.
  await server.idle()
  return response
}

function confirm(token: unknown, password: unknown) {
  return server.http<ErrorReply | { ok: true }>('POST', '/auth/password-reset/confirm', {
    body: { token, password },
    headers: { 'x-forwarded-for': newAddress() },
  })
}

/** The token of the reset link in a mail (plain text part). */
function tokenOf(mail: ReceivedMail): string {
  const link = /https:\/\/console\.example\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)
  assert.ok(link, `no reset link in: ${mail.text}`)
  return link[1]!
}

/** Asks for a reset of `email` and returns the link's token from the mail. */
async function linkFor(email: string): Promise<string> {
  const count = inbox.to(email).length
  const { status } = await ask(email)
  assert.equal(status, 202)
  return tokenOf(await inbox.next(email, count + 1))
}

function signIn(email: string, password: string) {
  return server.http<LoginResponse | ErrorReply>('POST', '/auth/login', {
    body: { email, password, agreement: true },
    headers: { 'x-forwarded-for': newAddress() },
  })
}

describe('asking for a reset link', () => {
  it('answers the same for an email with an account and one without, and mails only the account', async () => {
    const email = await server.createAgent([])
    const known = await ask(email)
    const unknown = await ask(`nobody-${randomUUID()}@demo.test`)
    assert.equal(known.status, 202)
    assert.equal(unknown.status, known.status)
    assert.deepEqual(unknown.body, known.body)
    const headerNames = (headers: Headers) => [...headers.keys()].filter((name) => name !== 'date').sort()
    assert.deepEqual(headerNames(unknown.headers), headerNames(known.headers))
    assert.equal(inbox.to(email).length, 1)
    const mail = inbox.to(email)[0]!
    assert.equal(mail.from, 'reset@console.test')
    assert.equal(mail.subject, 'Reset your password')
    assert.match(mail.text, /within 30 minutes/)
    assert.match(mail.html, /<a href="https:\/\/console\.example\/password\/reset\?token=[A-Za-z0-9_-]{43}">/)
  })

  it('keeps only the sha256 of the token', async () => {
    const email = await server.createAgent([])
    const token = await linkFor(email)
    const rows = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [email],
    )
    assert.deepEqual(
      rows.map((row) => row.token_hash),
      [createHash('sha256').update(token).digest('hex')],
    )
  })

  it('writes the mail in the language of the request, or of the user’s settings, and escapes names in HTML', async () => {
    const spanish = await server.createAgent([], { firstname: '<b>Bea</b>' })
    await ask(spanish, { language: 'de-DE,es;q=0.9,en;q=0.5' })
    const mail = await inbox.next(spanish, 1)
    assert.equal(mail.subject, 'Restablece tu contraseña')
    assert.match(mail.text, /Hola, <b>Bea<\/b> Test:/)
    assert.match(mail.html, /Hola, &lt;b&gt;Bea&lt;\/b&gt; Test:/)
    assert.doesNotMatch(mail.html, /<b>/)
    assert.match(mail.html, /^<!doctype html><html lang="es">/)

    const french = await server.createAgent([])
    await server.db.query(`UPDATE users SET settings = settings || '{"language":"fr"}' WHERE email = $1`, [
      french,
    ])
    await ask(french, { language: 'es' })
    assert.equal((await inbox.next(french, 1)).subject, 'Réinitialisez votre mot de passe')

    const english = await server.createAgent([])
    await ask(english, { language: 'de' })
    assert.equal((await inbox.next(english, 1)).subject, 'Reset your password')
  })

  it('tells an SSO account by mail that it signs in with its company, with no link, and the page the same as ever', async () => {
    const count = inbox.to('sso@demo.test').length
    const { status, body } = await ask('sso@demo.test')
    assert.equal(status, 202)
    assert.deepEqual(body, { accepted: true })
    const mail = await inbox.next('sso@demo.test', count + 1)
    assert.equal(mail.subject, 'Your account signs in with your company')
    assert.match(mail.text, /Enterprise SSO/)
    assert.doesNotMatch(mail.text + mail.html, /token=/)
    const rows = await server.db.query(
      `SELECT 1 FROM password_resets p JOIN users u ON u.id = p.user_id WHERE u.email = 'sso@demo.test'`,
    )
    assert.equal(rows.length, 0)
  })

  it('refuses hostile emails with 400 and says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [`${'a'.repeat(100_000)}@demo.test`, /at most 254 characters/],
      ['ana\u0000@demo.test', /control characters/],
      ['<script>alert(1)</script>@demo.test', /valid email/],
      ['"><img src=x onerror=alert(1)>@x.y', /valid email/],
      ['not an email', /valid email/],
      [{ $ne: '' }, /must be text/],
      [42, /must be text/],
    ]
    for (const [email, message] of cases) {
      const { status, body } = await ask(email)
      assert.equal(status, 400, `${String(email).slice(0, 40)}: ${JSON.stringify(body).slice(0, 200)}`)
      assert.match((body as ErrorReply).message, message)
    }
    const missing = await server.http<ErrorReply>('POST', '/auth/password-reset', {
      body: {},
      headers: { 'x-forwarded-for': newAddress() },
    })
    assert.equal(missing.status, 400)
  })
})

describe('throttling', () => {
  it('refuses a client address past its budget with 429 whatever the email, until the hour has passed', async () => {
    const address = newAddress()
    for (let index = 0; index < PER_ADDRESS; index++)
      assert.equal((await ask(`someone-${index}@nowhere.test`, { address })).status, 202)
    const refused = await ask('ana@demo.test', { address })
    assert.equal(refused.status, 429)
    assert.ok(Number(refused.headers.get('retry-after')) > 0)
    assert.match((refused.body as ErrorReply).message, /Too many reset requests/)
    // Another address is not held back.
    assert.equal((await ask('someone@nowhere.test')).status, 202)
    await server.advance(60 * 60_000)
    assert.equal((await ask('someone@nowhere.test', { address })).status, 202)
  })

  it('sends an account at most its budget of mails, answering as ever', async () => {
    const email = await server.createAgent([])
    for (let index = 0; index < PER_ACCOUNT + 2; index++) {
      const { status, body } = await ask(email)
      assert.equal(status, 202)
      assert.deepEqual(body, { accepted: true })
    }
    assert.equal(inbox.to(email).length, PER_ACCOUNT)
  })
})

describe('setting a new password with the link', () => {
  it('works once', async () => {
    const email = await server.createAgent([])
    const token = await linkFor(email)
    assert.equal((await confirm(token, NEW_PASSWORD)).status, 200)
    const again = await confirm(token, `${NEW_PASSWORD} again`)
    assert.equal(again.status, 410)
    assert.equal((again.body as ErrorReply).reason, 'invalid-token')
    assert.equal((await signIn(email, NEW_PASSWORD)).status, 200)
  })

  it('works for 30 minutes, not after', async () => {
    const email = await server.createAgent([])
    const early = await linkFor(email)
    await server.advance(29 * 60_000)
    const late = await linkFor(email)
    await server.advance(61_000)
    // `early` is 30 minutes and a second old, `late` a minute.
    const expired = await confirm(early, NEW_PASSWORD)
    assert.equal(expired.status, 410)
    assert.equal((expired.body as ErrorReply).reason, 'invalid-token')
    assert.equal((await signIn(email, DEMO_PASSWORD)).status, 200, 'the password did not change')
    assert.equal((await confirm(late, NEW_PASSWORD)).status, 200)
  })

  it('uses up the user’s other links when one is used', async () => {
    const email = await server.createAgent([])
    const first = await linkFor(email)
    const second = await linkFor(email)
    assert.equal((await confirm(second, NEW_PASSWORD)).status, 200)
    assert.equal((await confirm(first, `${NEW_PASSWORD}!`)).status, 410)
    assert.equal((await signIn(email, NEW_PASSWORD)).status, 200)
  })

  it('expires a link at 30 minutes and lets it work just before', async () => {
    const email = await server.createAgent([])
    const token = await linkFor(email)
    await server.advance(30 * 60_000 - 1000)
    assert.equal((await confirm(token, NEW_PASSWORD)).status, 200)
    const other = await server.createAgent([])
    const stale = await linkFor(other)
    await server.advance(30 * 60_000)
    assert.equal((await confirm(stale, NEW_PASSWORD)).status, 410)
    assert.equal((await signIn(other, DEMO_PASSWORD)).status, 200, 'the password did not change')
  })

  it('refuses a link it never sent, or a broken one', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(10_000), null, { $gt: '' }]) {
      const { status, body } = await confirm(token, NEW_PASSWORD)
      assert.equal(status, 410, JSON.stringify(token).slice(0, 40))
      assert.equal((body as ErrorReply).reason, 'invalid-token')
    }
  })

  it('holds the new password to the rules (at least 12, at most 128 characters, no control character) and keeps the link', async () => {
    const email = await server.createAgent([])
    const token = await linkFor(email)
    const cases: [unknown, RegExp][] = [
      ['short pass', /at least 12 characters/],
      ['x'.repeat(129), /at most 128 characters/],
      ['twelve chars\u0000!', /control characters/],
      [12345678901234, /must be text/],
    ]
    for (const [password, message] of cases) {
      const { status, body } = await confirm(token, password)
      assert.equal(status, 400, JSON.stringify(body))
      assert.equal((body as ErrorReply).reason, 'weak-password')
      assert.match((body as ErrorReply).message, message)
    }
    assert.equal((await signIn(email, DEMO_PASSWORD)).status, 200, 'nothing changed')
    assert.equal((await confirm(token, 'x'.repeat(128))).status, 200, 'the link still works')
  })

  it('ends every session and refresh token of the user and closes their sockets; the old password fails', async () => {
    const email = await server.createAgent([])
    const first = (await signIn(email, DEMO_PASSWORD)).body as LoginResponse
    const second = (await signIn(email, DEMO_PASSWORD)).body as LoginResponse
    const socket = io(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    const forced = new Promise<unknown>((resolve) => socket.on('forced:disconnect', resolve))
    const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    const reply = (await socket.timeout(8000).emitWithAck('authenticate', {
      accessToken: first.accessToken,
      sessionId: randomUUID(),
      timezone: 'UTC',
    })) as { ok: boolean }
    assert.ok(reply.ok)

    assert.equal((await confirm(await linkFor(email), NEW_PASSWORD)).status, 200)

    assert.deepEqual(await forced, { code: 401, reason: 'session-ended' })
    await closed
    for (const session of [first, second]) {
      const renewed = await server.http('POST', '/auth/refresh-token', {
        body: { refreshToken: session.refreshToken },
      })
      assert.equal(renewed.status, 401)
      const checked = await server.http('GET', '/auth/check-token', { token: session.accessToken })
      assert.equal(checked.status, 401)
    }
    assert.equal((await signIn(email, DEMO_PASSWORD)).status, 401)
    assert.equal((await signIn(email, NEW_PASSWORD)).status, 200)
  })
})

describe('without a mail server', () => {
  it('in development prints the link in the server’s log', async () => {
    const printed = mock.method(console, 'log', () => undefined)
    const local = await withEnv({ SMTP_URL: undefined }, () =>
      TestServer.start({ publicUrl: 'http://dev.test' }),
    )
    try {
      const info = await local.http<{ byEmail: boolean }>('GET', '/auth/password-reset')
      assert.deepEqual(info.body, { byEmail: true })
      assert.equal(
        (await local.http('POST', '/auth/password-reset', { body: { email: 'ana@demo.test' } })).status,
        202,
      )
      await local.idle()
      const lines = printed.mock.calls.map((call) => String(call.arguments[0]))
      const line = lines.find((text) => text.includes('ana@demo.test'))
      assert.ok(line, lines.join('\n'))
      assert.match(line, /http:\/\/dev\.test\/password\/reset\?token=[A-Za-z0-9_-]{43}/)
    } finally {
      printed.mock.restore()
      await local.close()
    }
  })

  it('in production offers no reset: the login learns it, and a request is refused with whom to ask', async () => {
    const production = await withEnv({ SMTP_URL: undefined }, () =>
      TestServer.start({ production: true, jwtSecret: 'x'.repeat(40) }),
    )
    try {
      const info = await production.http<{ byEmail: boolean }>('GET', '/auth/password-reset')
      assert.equal(info.status, 200)
      assert.deepEqual(info.body, { byEmail: false })
      const refused = await production.http<ErrorReply>('POST', '/auth/password-reset', {
        body: { email: `someone@${SEED.account}.test` },
      })
      assert.equal(refused.status, 503)
      assert.match(refused.body.message, /ask your administrator/)
    } finally {
      await production.close()
    }
  })
})
