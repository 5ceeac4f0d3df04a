import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { LoginResponse, RefreshResponse } from '../../src/protocol'
import { currentTotp } from '../../server/auth/totp'
import {
  DEMO_BACKUP_CODES,
  DEMO_DASHBOARD_URL,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
} from '../../server/store/seed-content'
import { sha256 } from '../../server/store/ids'
import { TestServer } from './support/test-server'

let server: TestServer
before(async () => {
  server = await TestServer.start({ rateLimits: { login: { max: 1000, windowMs: 60_000 } } })
})
after(() => server.close())

describe('POST /auth/login', () => {
  const login = (body: Record<string, unknown>) =>
    server.http<LoginResponse & { code: number }>('POST', '/auth/login', { body })

  it('logs an agent in with tokens whose claims are aud = user and org = account', async () => {
    const { status, body } = await login({ email: 'ANA@demo.test', password: DEMO_PASSWORD, agreement: true })
    assert.equal(status, 200)
    assert.equal(body.level, 5)
    assert.equal(body.redirect, false)
    const claims = JSON.parse(
      Buffer.from(body.accessToken.split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>
    const user = await server.db.query<{ id: string; account_id: string }>(
      "SELECT id, account_id FROM users WHERE email = 'ana@demo.test'",
    )
    assert.equal(claims.aud, user[0]?.id)
    assert.equal(claims.org, user[0]?.account_id)
  })

  it('echoes a same-site X-Redirect as location, never another site', async () => {
    const same = await server.http<LoginResponse>('POST', '/auth/login', {
      body: { email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true },
      headers: { 'x-redirect': '/history' },
    })
    assert.equal(same.body.location, '/history')
    const other = await server.http<LoginResponse>('POST', '/auth/login', {
      body: { email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true },
      headers: { 'x-redirect': 'https://evil.test/' },
    })
    assert.equal(other.body.location, '/')
  })

  it('answers 400 without the terms', async () => {
    assert.equal((await login({ email: 'ana@demo.test', password: DEMO_PASSWORD })).status, 400)
    assert.equal(
      (await login({ email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: false })).status,
      400,
    )
  })

  it('answers 401 for a wrong password or an unknown email', async () => {
    assert.equal((await login({ email: 'bruno@demo.test', password: 'nope', agreement: true })).status, 401)
    assert.equal((await login({ email: 'nobody@demo.test', password: 'nope', agreement: true })).status, 401)
  })

  it('answers 402 when the subscription expired, 403 for an IP not allowed, 423 for a locked user', async () => {
    assert.equal(
      (await login({ email: 'expired@demo.test', password: DEMO_PASSWORD, agreement: true })).status,
      402,
    )
    assert.equal(
      (await login({ email: 'restricted@demo.test', password: DEMO_PASSWORD, agreement: true })).status,
      403,
    )
    assert.equal(
      (await login({ email: 'locked@demo.test', password: DEMO_PASSWORD, agreement: true })).status,
      423,
    )
  })

  it('answers 412 with 2FA on and no code, 401 for a wrong code, 200 for a TOTP or a backup code (once)', async () => {
    const base = { email: 'otp@demo.test', password: DEMO_PASSWORD, agreement: true }
    assert.equal((await login(base)).status, 412)
    assert.equal((await login({ ...base, otp: '000000' })).status, 401)
    assert.equal(
      (await login({ ...base, otp: currentTotp(DEMO_TOTP_SECRET, server.clock.now()) })).status,
      200,
    )
    // The same time step twice is a replay.
    assert.equal(
      (await login({ ...base, otp: currentTotp(DEMO_TOTP_SECRET, server.clock.now()) })).status,
      401,
    )
    assert.equal((await login({ ...base, otp: DEMO_BACKUP_CODES[0] })).status, 200)
    assert.equal((await login({ ...base, otp: DEMO_BACKUP_CODES[0] })).status, 401)
  })

  it('says why a code is refused at login: wrong-code, or code-expired for a used or late one; never after a wrong password', async () => {
    // A fresh 30 s step: the test above spent the current one.
    await server.advance(60_000)
    const base = { email: 'otp@demo.test', password: DEMO_PASSWORD, agreement: true }
    const now = server.clock.now()
    // The code of a step an hour ahead: a 6-digit code that is not valid now, nor a late one.
    const wrong = await login({ ...base, otp: currentTotp(DEMO_TOTP_SECRET, now + 3_600_000) })
    assert.equal(wrong.status, 401)
    assert.equal((wrong.body as { reason?: string }).reason, 'wrong-code')
    const code = currentTotp(DEMO_TOTP_SECRET, now)
    assert.equal((await login({ ...base, otp: code })).status, 200)
    const replay = await login({ ...base, otp: code })
    assert.equal(replay.status, 401)
    assert.equal((replay.body as { reason?: string }).reason, 'code-expired')
    // A code of five minutes ago (typed too late) reads the same.
    const late = await login({ ...base, otp: currentTotp(DEMO_TOTP_SECRET, now - 300_000) })
    assert.equal(late.status, 401)
    assert.equal((late.body as { reason?: string }).reason, 'code-expired')
    // With a wrong password the answer is the plain credentials refusal, whatever the code.
    const badPassword = await login({ ...base, password: 'nope', otp: code })
    assert.equal(badPassword.status, 401)
    assert.deepEqual(badPassword.body, { code: 401, message: 'Email or password do not match' })
  })

  it('sends lower levels to their dashboard', async () => {
    const { status, body } = await login({
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
      agreement: true,
    })
    assert.equal(status, 200)
    assert.equal(body.level, 1)
    assert.equal(body.redirect, true)
    assert.equal(body.location, DEMO_DASHBOARD_URL)
  })

  it('answers 400 for a malformed body', async () => {
    const { status, body } = await server.http<{ code: number; errors: unknown[] }>('POST', '/auth/login', {
      body: { email: 42, agreement: 'yes' },
    })
    assert.equal(status, 400)
    assert.ok(body.errors.length > 0)
  })
})

describe('the rate limiter', () => {
  it('answers 429 with retry-after past the budget', async () => {
    const limited = await TestServer.start({ rateLimits: { api: { max: 3, windowMs: 60_000 } } })
    try {
      const statuses: number[] = []
      let retryAfter: string | null = null
      for (let i = 0; i < 5; i++) {
        const response = await limited.http('GET', '/auth/check-token')
        statuses.push(response.status)
        retryAfter ??= response.headers.get('retry-after')
      }
      assert.deepEqual(statuses, [401, 401, 401, 429, 429])
      assert.ok(Number(retryAfter) >= 1)
    } finally {
      await limited.close()
    }
  })
})

describe('tokens', () => {
  it('checks a token, and refuses a call without one', async () => {
    const { accessToken } = await server.login('bruno@demo.test')
    const checked = await server.http<{ valid: boolean; level: number }>('GET', '/auth/check-token', {
      token: accessToken,
    })
    assert.equal(checked.status, 200)
    assert.equal(checked.body.valid, true)
    assert.equal((await server.http('GET', '/auth/check-token')).status, 401)
    assert.equal((await server.http('GET', '/segments', { token: 'garbage' })).status, 401)
  })

  it('rotates refresh tokens and refuses the old one', async () => {
    const { refreshToken } = await server.login('carla@demo.test')
    const first = await server.http<RefreshResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken },
    })
    assert.equal(first.status, 200)
    assert.notEqual(first.body.refreshToken, refreshToken)
    assert.equal(
      (await server.http('GET', '/auth/check-token', { token: first.body.accessToken })).status,
      200,
    )
    const again = await server.http('POST', '/auth/refresh-token', { body: { refreshToken } })
    assert.equal(again.status, 401)
    const next = await server.http<RefreshResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken: first.body.refreshToken },
    })
    assert.equal(next.status, 200)
  })

  it('revokes the whole family when a spent token comes back after the grace period', async () => {
    const { refreshToken } = await server.login('carla@demo.test')
    const first = await server.http<RefreshResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken },
    })
    await server.advance(10_001)
    assert.equal((await server.http('POST', '/auth/refresh-token', { body: { refreshToken } })).status, 401)
    // The thief's replay killed the session: the newest token and its access token are dead too.
    assert.equal(
      (await server.http('POST', '/auth/refresh-token', { body: { refreshToken: first.body.refreshToken } }))
        .status,
      401,
    )
    assert.equal(
      (await server.http('GET', '/auth/check-token', { token: first.body.accessToken })).status,
      401,
    )
  })

  it('ends a login 12 hours after it began however often it was renewed (an absolute lifetime)', async () => {
    const { refreshToken } = await server.login('diego@demo.test')
    const familyOf = async (token: string) => {
      const [row] = await server.db.query<{ family_id: string }>(
        'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
        [sha256(token)],
      )
      return row?.family_id
    }
    assert.ok(refreshToken)
    const family = await familyOf(refreshToken)
    assert.ok(family)
    // Signed in 11 hours ago: renewing works, but the new token lives only until the 12th hour.
    await server.db.query(
      "UPDATE token_families SET created_at = now() - interval '11 hours' WHERE id = $1",
      [family],
    )
    const renewed = await server.http<RefreshResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken },
    })
    assert.equal(renewed.status, 200)
    const [row] = await server.db.query<{ left_ms: number }>(
      `SELECT (extract(epoch FROM expires_at - now()) * 1000)::float AS left_ms FROM refresh_tokens
        WHERE family_id = $1 AND used_at IS NULL`,
      [family],
    )
    assert.ok(row && row.left_ms <= 60 * 60_000 + 5_000, `new token lives ${row?.left_ms} ms`)
    // Past the 12th hour the fresh token opens nothing.
    await server.db.query(
      "UPDATE token_families SET created_at = now() - interval '13 hours' WHERE id = $1",
      [family],
    )
    assert.equal(
      (
        await server.http('POST', '/auth/refresh-token', {
          body: { refreshToken: renewed.body.refreshToken },
        })
      ).status,
      401,
    )
  })

  it('logs out: the refresh token and the access token stop working', async () => {
    const { accessToken, refreshToken } = await server.login('diego@demo.test')
    const out = await server.http('POST', '/auth/logout', { body: { refreshToken } })
    assert.deepEqual(out.body, { ok: true })
    assert.equal((await server.http('POST', '/auth/refresh-token', { body: { refreshToken } })).status, 401)
    assert.equal((await server.http('GET', '/auth/check-token', { token: accessToken })).status, 401)
  })

  it('mints a one-time claim id (dev endpoint and bearer) that GET /auth/login/{id} exchanges once', async () => {
    const minted = await server.http<{ id: string; path: string }>('POST', '/dev/claims', {
      body: { email: 'ana@demo.test' },
    })
    assert.equal(minted.status, 200)
    assert.equal(minted.body.path, `/login/claim/${minted.body.id}`)
    const claimed = await server.http<LoginResponse>('GET', `/auth/login/${minted.body.id}`)
    assert.equal(claimed.status, 200)
    assert.equal(claimed.body.level, 5)
    assert.equal((await server.http('GET', `/auth/login/${minted.body.id}`)).status, 401)
    const own = await server.http<{ id: string }>('POST', '/auth/claims', {
      token: claimed.body.accessToken,
      body: {},
    })
    assert.equal((await server.http('GET', `/auth/login/${own.body.id}`)).status, 200)
    assert.equal(
      (await server.http('POST', '/dev/claims', { body: { email: 'nobody@demo.test' } })).status,
      404,
    )
  })

  it('refuses a forged, an alg=none and an other-use token (SSO is OpenID Connect: sso.test.ts)', async () => {
    const { accessToken } = await server.login('bruno@demo.test')
    const [header = '', payload = '', signature = ''] = accessToken.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    // Raised level, the old signature; the same claims unsigned (alg none); the signature of another body.
    const raised = `${header}.${encode({ ...claims, lvl: 99 })}.${signature}`
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`
    const guest = await server.app.context.tokens.sign('guest', claims.aud as string, {}, 600)
    for (const token of [raised, unsigned, guest])
      assert.equal((await server.http('GET', '/auth/check-token', { token })).status, 401, token)
    assert.equal((await server.http('GET', '/auth/check-token', { token: accessToken })).status, 200)
  })
})
