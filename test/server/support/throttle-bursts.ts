import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { TwoFactorSetup, TwoFactorStatus } from '../../../src/protocol'
import { currentTotp } from '../../../server/auth/totp'
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../../server/store/seed-content'
import type { TestServer } from './test-server'

/**
 * The throttles under bursts of parallel requests (issue 64 row 3: the attacker's 28 logins with the
 * right password and 27 wrong codes were all tried), and a stranger failing from many addresses, as
 * suites over a server that `start` gives (PGlite, PostgreSQL). The server must trust one proxy hop:
 * the tests speak for several client addresses through X-Forwarded-For.
 */
export function describeThrottleBursts(engine: string, start: () => Promise<TestServer>): void {
  let server: TestServer
  beforeEach(async () => {
    server = await start()
  })
  afterEach(() => server.close())

  const BURST = 50

  async function login(from: string, body: Record<string, unknown>): Promise<number> {
    const response = await server.http('POST', '/auth/login', {
      body: { agreement: true, ...body },
      headers: { 'x-forwarded-for': from },
    })
    return response.status
  }

  /** How many times each status came back. */
  function tally(statuses: number[]): Record<number, number> {
    const counts: Record<number, number> = {}
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
    return counts
  }

  /** A 6-digit code that is not the current one, nor a late one: the step an hour ahead. */
  function wrongCode(): string {
    return currentTotp(DEMO_TOTP_SECRET, server.clock.now() + 3_600_000)
  }

  describe(`the login throttle under a burst (${engine})`, () => {
    it('tries no more 2FA codes in a burst than one after another: the right code sent last is held back', async () => {
      const from = '198.51.100.30'
      const base = { email: 'otp@demo.test', password: DEMO_PASSWORD }
      const attempts = Array.from({ length: BURST - 1 }, () => login(from, { ...base, otp: wrongCode() }))
      attempts.push(login(from, { ...base, otp: currentTotp(DEMO_TOTP_SECRET, server.clock.now()) }))
      const counts = tally(await Promise.all(attempts))
      // 3 free failures and the one that starts the wait, as when sent one by one; all others wait (410).
      const tried = (counts[401] ?? 0) + (counts[200] ?? 0)
      assert.ok(tried <= 4, `codes tried: ${JSON.stringify(counts)}`)
      assert.equal(counts[410], BURST - tried, JSON.stringify(counts))
    })

    it('checks no more passwords in a burst than one after another', async () => {
      const email = await server.createAgent([])
      const from = '198.51.100.31'
      const statuses = await Promise.all(
        Array.from({ length: BURST }, (_, i) => login(from, { email, password: `guess-${i}` })),
      )
      const counts = tally(statuses)
      assert.equal(counts[401], 4, JSON.stringify(counts))
      assert.equal(counts[410], BURST - 4, JSON.stringify(counts))
      // One after another, the same address then waits 1 s, and the right password gets in after it.
      await server.clock.advance(1_000)
      assert.equal(await login(from, { email, password: DEMO_PASSWORD }), 200)
    })

    it('never keeps the owner out of an address that has not failed, whatever a stranger failed from many others', async () => {
      const base = { email: 'otp@demo.test' }
      const strangers = Array.from({ length: BURST }, (_, i) => `192.0.2.${i + 1}`)
      for (let round = 0; round < 2; round++)
        await Promise.all(strangers.map((address) => login(address, { ...base, password: 'guess' })))
      // The stranger's addresses are held back by the user's count…
      assert.equal(await login(strangers[0] as string, { ...base, password: 'guess' }), 410)
      // …the owner, right password and right code from their own address, is not.
      const owner = await login('198.51.100.40', {
        ...base,
        password: DEMO_PASSWORD,
        otp: currentTotp(DEMO_TOTP_SECRET, server.clock.now()),
      })
      assert.equal(owner, 200)
    })
  })

  describe(`the profile's 2FA enable under a burst (${engine})`, () => {
    it('checks no more codes in a burst than one after another: 5, then the 30 s wait', async () => {
      const { token } = await server.agent('ana@demo.test')
      const setup = await server.http<TwoFactorSetup>('POST', '/auth/2fa/setup', { token })
      assert.equal(setup.status, 200)
      const statuses = await Promise.all(
        Array.from({ length: BURST }, () =>
          server
            .http('POST', '/auth/2fa/enable', { token, body: { code: '000000' } })
            .then(({ status }) => status),
        ),
      )
      const counts = tally(statuses)
      // At most 4 refused codes before the wait; every other one waits (a code checked meanwhile may
      // already answer that it has to wait). Each checked code past the 5th would double the wait: 50
      // checked codes made it 15 minutes; 5 make it 30 s.
      assert.ok((counts[422] ?? 0) <= 4, JSON.stringify(counts))
      assert.equal((counts[422] ?? 0) + (counts[423] ?? 0), BURST, JSON.stringify(counts))
      const status = await server.http<TwoFactorStatus>('GET', '/auth/2fa', { token })
      assert.equal(status.body.retryAfter, 30)
    })
  })
}
