import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { ErrorReply, TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../../src/protocol'
import { currentTotp, hashBackupCode } from '../../server/auth/totp'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'

let server: TestServer
before(async () => {
  server = await TestServer.start({ rateLimits: { login: { max: 1000, windowMs: 60_000 } } })
})
after(() => server.close())

const STEP_MS = 30_000

/** A new agent with 2FA on: its token, email, secret and backup codes. */
async function agentWithTwoFactor() {
  const email = await server.createAgent([])
  const { accessToken: token } = await server.login(email)
  const setup = await server.http<TwoFactorSetup>('POST', '/auth/2fa/setup', { token })
  const enabled = await server.http<TwoFactorEnabled>('POST', '/auth/2fa/enable', {
    token,
    body: { code: currentTotp(setup.body.secret, server.clock.now()) },
  })
  assert.equal(enabled.status, 200)
  // The enabling code used this step: the next code a test sends is of a later one.
  await server.advance(STEP_MS)
  return { email, token, secret: setup.body.secret, codes: enabled.body.backupCodes }
}

const status = (token: string) => server.http<TwoFactorStatus>('GET', '/auth/2fa', { token })
const loginWith = (email: string, otp?: string) =>
  server.http<ErrorReply>('POST', '/auth/login', {
    body: { email, password: DEMO_PASSWORD, agreement: true, ...(otp !== undefined ? { otp } : {}) },
  })

describe('profile 2FA', () => {
  it('sets up with an otpauth URI of the secret, enables with the PIN and returns 10 distinct backup codes', async () => {
    const email = await server.createAgent([])
    const { accessToken: token } = await server.login(email)
    assert.deepEqual((await status(token)).body, { enabled: false, backupCodesLeft: 0, retryAfter: 0 })
    const setup = await server.http<TwoFactorSetup>('POST', '/auth/2fa/setup', { token })
    assert.match(setup.body.secret, /^[A-Z2-7]{32}$/)
    const uri = new URL(setup.body.uri)
    assert.equal(uri.protocol, 'otpauth:')
    assert.equal(uri.searchParams.get('secret'), setup.body.secret)
    assert.equal(uri.searchParams.get('digits'), '6')
    assert.ok(decodeURIComponent(uri.pathname).includes(email))

    const wrong = await server.http<ErrorReply>('POST', '/auth/2fa/enable', {
      token,
      body: { code: '000000' },
    })
    assert.equal(wrong.status, 422)
    assert.equal(wrong.body.reason, 'wrong-code')
    assert.equal((await status(token)).body.enabled, false)

    const enabled = await server.http<TwoFactorEnabled>('POST', '/auth/2fa/enable', {
      token,
      body: { code: currentTotp(setup.body.secret, server.clock.now()) },
    })
    assert.equal(enabled.status, 200)
    assert.equal(enabled.body.backupCodes.length, 10)
    assert.equal(new Set(enabled.body.backupCodes).size, 10)
    assert.deepEqual((await status(token)).body, { enabled: true, backupCodesLeft: 10, retryAfter: 0 })
    assert.equal((await loginWith(email)).status, 412)
    // Enabled twice is refused: the secret cannot be swapped without disabling first.
    assert.equal(
      (await server.http('POST', '/auth/2fa/enable', { token, body: { code: '123456' } })).status,
      409,
    )
  })

  it('stores the backup codes hashed, never in clear', async () => {
    const { email, codes } = await agentWithTwoFactor()
    const rows = await server.db.query<{ backup_codes: string[] }>(
      'SELECT backup_codes FROM users WHERE email = $1',
      [email],
    )
    const stored = rows[0]?.backup_codes ?? []
    assert.equal(stored.length, 10)
    for (const code of codes) {
      assert.ok(!stored.includes(code))
      assert.ok(stored.includes(hashBackupCode(code)))
    }
  })

  it('logs in with a TOTP code once per step (a replay reads as expired) and with each backup code once', async () => {
    const { email, secret, codes } = await agentWithTwoFactor()
    assert.equal((await loginWith(email, currentTotp(secret, server.clock.now()))).status, 200)
    assert.equal((await loginWith(email, currentTotp(secret, server.clock.now()))).status, 401)
    assert.equal((await loginWith(email, codes[0])).status, 200)
    assert.equal((await loginWith(email, codes[0])).status, 401)
    // Typed with capitals and spaces, as a person copies it from paper.
    assert.equal((await loginWith(email, ` ${codes[1]?.toUpperCase()} `)).status, 200)
  })

  it('accepts a code one step early or late, and calls an older one expired', async () => {
    const { token, secret } = await agentWithTwoFactor()
    // The app's clock a step ahead of the server's.
    const early = currentTotp(secret, server.clock.now() + STEP_MS)
    const renewed = await server.http<TwoFactorEnabled>('POST', '/auth/2fa/backup-codes', {
      token,
      body: { code: early },
    })
    assert.equal(renewed.status, 200)
    await server.advance(3 * STEP_MS)
    // A step behind (the step before now is after the one just used).
    const behind = currentTotp(secret, server.clock.now() - STEP_MS)
    assert.equal(
      (await server.http('POST', '/auth/2fa/backup-codes', { token, body: { code: behind } })).status,
      200,
    )
    const old = currentTotp(secret, server.clock.now() - 4 * STEP_MS)
    const late = await server.http<ErrorReply>('POST', '/auth/2fa/backup-codes', {
      token,
      body: { code: old },
    })
    assert.equal(late.status, 422)
    assert.equal(late.body.reason, 'code-expired')
  })

  it('refuses a PIN replayed in its own step', async () => {
    const { token, secret } = await agentWithTwoFactor()
    const code = currentTotp(secret, server.clock.now())
    assert.equal((await server.http('POST', '/auth/2fa/backup-codes', { token, body: { code } })).status, 200)
    const replay = await server.http<ErrorReply>('POST', '/auth/2fa/backup-codes', { token, body: { code } })
    assert.equal(replay.status, 422)
    assert.equal(replay.body.reason, 'code-expired')
  })

  it('regenerates backup codes with a code: the old ones stop working, the count is back to 10', async () => {
    const { email, token, codes } = await agentWithTwoFactor()
    assert.equal((await loginWith(email, codes[0])).status, 200)
    assert.equal((await status(token)).body.backupCodesLeft, 9)
    const renewed = await server.http<TwoFactorEnabled>('POST', '/auth/2fa/backup-codes', {
      token,
      body: { code: codes[1] },
    })
    assert.equal(renewed.status, 200)
    assert.equal((await status(token)).body.backupCodesLeft, 10)
    assert.equal((await loginWith(email, codes[2])).status, 401)
    assert.equal((await loginWith(email, renewed.body.backupCodes[0])).status, 200)
  })

  it('disables with the password and a PIN or a backup code; a wrong password or code changes nothing', async () => {
    const { email, token, secret, codes } = await agentWithTwoFactor()
    const disable = (body: Record<string, unknown>) =>
      server.http<ErrorReply>('POST', '/auth/2fa/disable', { token, body })
    const badPassword = await disable({ code: currentTotp(secret, server.clock.now()), password: 'nope' })
    assert.equal(badPassword.status, 422)
    assert.equal(badPassword.body.reason, 'wrong-password')
    assert.equal((await disable({ code: codes[0] })).status, 400)
    const badCode = await disable({ code: 'zzzz-zzzz', password: DEMO_PASSWORD })
    assert.equal(badCode.body.reason, 'wrong-code')
    assert.equal((await status(token)).body.enabled, true)

    assert.equal((await disable({ code: codes[5], password: DEMO_PASSWORD })).status, 200)
    assert.deepEqual((await status(token)).body, { enabled: false, backupCodesLeft: 0, retryAfter: 0 })
    assert.equal((await loginWith(email)).status, 200)
  })

  it('disables with the current PIN', async () => {
    const { token, secret } = await agentWithTwoFactor()
    const off = await server.http('POST', '/auth/2fa/disable', {
      token,
      body: { code: currentTotp(secret, server.clock.now()), password: DEMO_PASSWORD },
    })
    assert.equal(off.status, 200)
    assert.equal((await status(token)).body.enabled, false)
  })

  it('makes a user wait after 5 wrong codes, longer after each further one, and says how long', async () => {
    const { token, secret } = await agentWithTwoFactor()
    const renew = (code: string) =>
      server.http<ErrorReply>('POST', '/auth/2fa/backup-codes', { token, body: { code } })
    for (let i = 0; i < 4; i++) assert.equal((await renew('111111')).status, 422)
    const fifth = await renew('111111')
    assert.equal(fifth.status, 423)
    assert.equal(fifth.body.reason, 'too-many-attempts')
    assert.equal((await status(token)).body.retryAfter, 30)
    // While waiting even the right code is not looked at.
    assert.equal((await renew(currentTotp(secret, server.clock.now()))).status, 423)

    await server.advance(30_000)
    assert.equal((await status(token)).body.retryAfter, 0)
    assert.equal((await renew('111111')).status, 423)
    assert.equal((await status(token)).body.retryAfter, 60)

    await server.advance(60_000)
    assert.equal((await renew(currentTotp(secret, server.clock.now()))).status, 200)
    assert.equal((await status(token)).body.retryAfter, 0)
    assert.equal((await renew('111111')).status, 422)
  })

  it('counts failures per user: one agent waiting does not make another wait', async () => {
    const first = await agentWithTwoFactor()
    const second = await agentWithTwoFactor()
    for (let i = 0; i < 5; i++)
      await server.http('POST', '/auth/2fa/backup-codes', { token: first.token, body: { code: '111111' } })
    assert.ok((await status(first.token)).body.retryAfter > 0)
    assert.equal((await status(second.token)).body.retryAfter, 0)
    const renewed = await server.http('POST', '/auth/2fa/backup-codes', {
      token: second.token,
      body: { code: currentTotp(second.secret, server.clock.now()) },
    })
    assert.equal(renewed.status, 200)
  })
})
