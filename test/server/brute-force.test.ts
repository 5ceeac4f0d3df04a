import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'

let server: TestServer

beforeEach(async () => {
  // One proxy hop: the tests speak for several client addresses through X-Forwarded-For. The throttle
  // reads the server's clock, which the tests move (server.clock).
  server = await TestServer.start({
    trustProxy: 1,
    rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
  })
})
afterEach(() => server.close())

async function login(from: string, body: Record<string, unknown>) {
  const response = await server.http<{ message: string }>('POST', '/auth/login', {
    body: { agreement: true, ...body },
    headers: { 'x-forwarded-for': from },
  })
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after') ?? 0) }
}

describe('brute force on the login', () => {
  it('does not lock the owner out when someone else fails their password many times', async () => {
    const email = await server.createAgent([])
    // The old server blocked the user for 15 minutes after 5 failures from anywhere.
    for (let i = 0; i < 12; i++) {
      const attempt = await login('198.51.100.7', { email, password: 'guess' })
      assert.ok([401, 410].includes(attempt.status), `attempt ${i}: ${attempt.status}`)
      await server.clock.advance(attempt.retryAfter * 1000)
    }
    const owner = await login('198.51.100.8', { email, password: DEMO_PASSWORD })
    assert.equal(owner.status, 200)
  })

  it('makes one address wait longer after each failure, refusing attempts inside the wait', async () => {
    const email = await server.createAgent([])
    const from = '198.51.100.9'
    for (let i = 0; i < 3; i++) assert.equal((await login(from, { email, password: 'guess' })).status, 401)
    const waits: number[] = []
    for (let i = 0; i < 4; i++) {
      const failed = await login(from, { email, password: 'guess' })
      assert.equal(failed.status, 401)
      // Inside the wait even the right password is refused, and does not count.
      const early = await login(from, { email, password: DEMO_PASSWORD })
      assert.equal(early.status, 410)
      assert.ok(early.retryAfter >= 1)
      waits.push(early.retryAfter)
      await server.clock.advance(early.retryAfter * 1000)
    }
    assert.deepEqual(waits, [1, 2, 4, 8])
    assert.equal((await login(from, { email, password: DEMO_PASSWORD })).status, 200)
  })

  it('counts wrong 2FA codes at login like wrong passwords', async () => {
    const from = '198.51.100.10'
    const base = { email: 'otp@demo.test', password: DEMO_PASSWORD }
    for (let i = 0; i < 4; i++) assert.equal((await login(from, { ...base, otp: '000000' })).status, 401)
    const early = await login(from, { ...base, otp: '000000' })
    assert.equal(early.status, 410)
    assert.equal(early.retryAfter, 1)
  })

  it('slows one address trying many accounts (credential stuffing)', async () => {
    const from = '198.51.100.11'
    for (let i = 0; i < 20; i++)
      assert.equal((await login(from, { email: `nobody${i}@demo.test`, password: 'guess' })).status, 401)
    assert.equal((await login(from, { email: 'nobody-else@demo.test', password: 'guess' })).status, 401)
    const early = await login(from, { email: 'ana@demo.test', password: DEMO_PASSWORD })
    assert.equal(early.status, 410)
    // Another address is not slowed by it.
    assert.equal(
      (await login('198.51.100.12', { email: 'ana@demo.test', password: DEMO_PASSWORD })).status,
      200,
    )
  })
})
