import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { io } from 'socket.io-client'
import type { ClaimResponse, LoginResponse, RefreshResponse } from '../../src/protocol'
import { DEMO_PASSWORD, SEED, seedUserId } from '../../server/store/seed-content'
import { sha256 } from '../../server/store/ids'
import { startDemoSso } from '../../server/demo-idp/demo-sso'
import { SsoBrowser } from './support/sso-browser'
import { TestServer } from './support/test-server'

// Issue 64 rows 2 and 4: every use of a session holds to what its login held to, and a claim never
// outlives nor out-ranks the login that minted it. Driven as the attacker did: a token taken inside the
// allow list, used from another address through the trusted proxy.

/** Inside the restricted account's allow list (203.0.113.0/24) and outside it. */
const INSIDE = '203.0.113.5'
const OUTSIDE = '198.51.100.20'

let server: TestServer
before(async () => {
  server = await TestServer.start({
    trustProxy: 1,
    rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
  })
})
after(() => server.close())

function from(address: string): Record<string, string> {
  return { 'x-forwarded-for': address }
}

async function restrictedLogin(remember = false): Promise<LoginResponse> {
  const { status, body } = await server.http<LoginResponse>('POST', '/auth/login', {
    body: { email: 'restricted@demo.test', password: DEMO_PASSWORD, agreement: true, remember },
    headers: from(INSIDE),
  })
  assert.equal(status, 200)
  return body
}

/** `authenticate` on a raw agent socket whose handshake came through the proxy for `address`. */
async function authenticateFrom(address: string, accessToken: string) {
  const socket = io(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: from(address),
  })
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    return (await socket.timeout(8000).emitWithAck('authenticate', {
      accessToken,
      sessionId: randomUUID(),
      timezone: 'UTC',
    })) as { ok: boolean; error?: { code: number; message: string } }
  } finally {
    socket.disconnect()
  }
}

async function redeem(id: string, address: string) {
  return server.http<LoginResponse>('GET', `/auth/login/${encodeURIComponent(id)}`, {
    headers: from(address),
  })
}

async function setRestrictedSubscription(expiresAt: Date | null): Promise<void> {
  await server.db.query('UPDATE accounts SET subscription_expires_at = $2 WHERE id = $1', [
    SEED.restrictedAccount,
    expiresAt,
  ])
}

describe('a session used from outside the allow list it was taken in', () => {
  it('refuses its access token, its refresh token and its claims from another address, and goes on working inside', async () => {
    const session = await restrictedLogin()
    const token = session.accessToken
    assert.ok(session.refreshToken)

    const outside = await server.http('GET', '/auth/check-token', { token, headers: from(OUTSIDE) })
    assert.equal(outside.status, 403)
    assert.equal(
      (await server.http('GET', '/auth/check-token', { token, headers: from(INSIDE) })).status,
      200,
    )

    // The refresh is refused outside without spending the token: inside, it still renews.
    const refreshOutside = await server.http('POST', '/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
      headers: from(OUTSIDE),
    })
    assert.equal(refreshOutside.status, 403)
    const refreshInside = await server.http<RefreshResponse>('POST', '/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
      headers: from(INSIDE),
    })
    assert.equal(refreshInside.status, 200)

    assert.equal(
      (await server.http('POST', '/auth/claims', { token, body: {}, headers: from(OUTSIDE) })).status,
      403,
    )
    // A claim minted inside opens nothing outside (and is not spent by the try).
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token,
      body: {},
      headers: from(INSIDE),
    })
    assert.equal(claim.status, 200)
    assert.equal((await redeem(claim.body.id, OUTSIDE)).status, 403)
    assert.equal((await redeem(claim.body.id, INSIDE)).status, 200)
  })

  it("refuses the socket's authenticate from another address", async () => {
    const { accessToken } = await restrictedLogin()
    const outside = await authenticateFrom(OUTSIDE, accessToken)
    assert.equal(outside.ok, false)
    assert.equal(outside.error?.code, 401)
    assert.equal(outside.error?.message, 'Your IP address is not authorized')
    const inside = await authenticateFrom(INSIDE, accessToken)
    assert.equal(inside.ok, true)
  })
})

describe('a session whose subscription expired after sign-in', () => {
  it('refuses the refresh, the socket, the API and the claim with the subscription refusal', async () => {
    const session = await restrictedLogin()
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: session.accessToken,
      body: {},
      headers: from(INSIDE),
    })
    assert.equal(claim.status, 200)
    await setRestrictedSubscription(new Date(server.clock.now() - 60_000))
    try {
      const refresh = await server.http('POST', '/auth/refresh-token', {
        body: { refreshToken: session.refreshToken },
        headers: from(INSIDE),
      })
      assert.equal(refresh.status, 402)
      const api = await server.http('GET', '/auth/check-token', {
        token: session.accessToken,
        headers: from(INSIDE),
      })
      assert.equal(api.status, 402)
      assert.equal((await redeem(claim.body.id, INSIDE)).status, 402)
      const socket = await authenticateFrom(INSIDE, session.accessToken)
      assert.equal(socket.ok, false)
      assert.equal(socket.error?.message, 'The subscription of your account has expired')
    } finally {
      await setRestrictedSubscription(null)
    }
  })
})

describe('an SSO sign-in', () => {
  it("is refused at the callback when the account's subscription expired, before any claim is minted", async () => {
    const idp = await startDemoSso(server.app)
    await server.db.query('UPDATE accounts SET subscription_expires_at = $2 WHERE id = $1', [
      SEED.account,
      new Date(server.clock.now() - 60_000),
    ])
    try {
      const started = await server.http<{ location: string }>('POST', '/auth/sso', {
        body: { email: 'sso@demo.test', agreement: true },
      })
      assert.equal(started.status, 200)
      const browser = new SsoBrowser()
      const callback = await browser.get(await browser.signIn(started.body.location, server.url))
      assert.equal(callback.headers.get('location'), '/login?sso-error=402')
      const claims = await server.db.query('SELECT 1 FROM login_claims WHERE user_id = $1', [
        seedUserId('sso'),
      ])
      assert.equal(claims.length, 0)
    } finally {
      await server.db.query('UPDATE accounts SET subscription_expires_at = NULL WHERE id = $1', [
        SEED.account,
      ])
      await idp.close()
    }
  })
})

describe('a claim minted with an access token', () => {
  async function familyOf(refreshToken: string) {
    const rows = await server.db.query<{ remember: boolean; ends_at: Date; revoked_at: Date | null }>(
      `SELECT f.remember, t.expires_at AS ends_at, f.revoked_at FROM refresh_tokens t
         JOIN token_families f ON f.id = t.family_id WHERE t.token_hash = $1`,
      [sha256(refreshToken)],
    )
    assert.ok(rows[0])
    return rows[0]
  }

  it('does not turn a login without remember-me into a 30-day one', async () => {
    const session = await server.login('carla@demo.test')
    assert.ok(session.refreshToken)
    const parent = await familyOf(session.refreshToken)
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: session.accessToken,
      body: { remember: true },
    })
    assert.equal(claim.status, 200)
    const claimed = await server.http<LoginResponse>(
      'GET',
      `/auth/login/${encodeURIComponent(claim.body.id)}`,
    )
    assert.equal(claimed.status, 200)
    assert.ok(claimed.body.refreshToken)
    const child = await familyOf(claimed.body.refreshToken)
    assert.equal(child.remember, false)
    assert.ok(
      child.ends_at.getTime() <= parent.ends_at.getTime(),
      `the claimed login ends ${child.ends_at.toISOString()}, after its maker ${parent.ends_at.toISOString()}`,
    )
  })

  it('ends when the login that minted it logs out, its sockets included', async () => {
    const session = await server.login('carla@demo.test', { remember: true })
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: session.accessToken,
      body: { remember: true },
    })
    const claimed = await server.http<LoginResponse>(
      'GET',
      `/auth/login/${encodeURIComponent(claim.body.id)}`,
    )
    assert.equal(claimed.status, 200)
    const token = claimed.body.accessToken
    assert.equal((await server.http('GET', '/auth/check-token', { token })).status, 200)
    const console = server.socket()
    await console.connected()
    const authenticated = await console.request('authenticate', {
      accessToken: token,
      sessionId: randomUUID(),
      timezone: 'UTC',
    })
    assert.equal(authenticated.ok, true)

    assert.equal(
      (await server.http('POST', '/auth/logout', { token: session.accessToken, body: {} })).status,
      200,
    )

    assert.deepEqual(await console.next('forced:disconnect'), { code: 401, reason: 'logout' })
    assert.equal((await server.http('GET', '/auth/check-token', { token })).status, 401)
    const refresh = await server.http('POST', '/auth/refresh-token', {
      body: { refreshToken: claimed.body.refreshToken },
    })
    assert.equal(refresh.status, 401)
    assert.ok(claimed.body.refreshToken)
    assert.notEqual((await familyOf(claimed.body.refreshToken)).revoked_at, null)
  })

  it('opens nothing once the login that minted it has logged out', async () => {
    const session = await server.login('carla@demo.test')
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: session.accessToken,
      body: {},
    })
    await server.http('POST', '/auth/logout', { token: session.accessToken, body: {} })
    const claimed = await server.http('GET', `/auth/login/${encodeURIComponent(claim.body.id)}`)
    assert.equal(claimed.status, 401)
  })
})
