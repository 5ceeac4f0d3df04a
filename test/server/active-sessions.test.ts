import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import { io } from 'socket.io-client'
import type { ActiveSession, ClaimResponse, LoginResponse } from '../../src/protocol'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { SESSION_DEVICE_MAX_CHARS, sessionDevice } from '../../server/auth/session-device'
import { TestServer } from './support/test-server'

// Issue 64, ASVS 7.4.5 / 7.5.2: the profile lists the agent's live sessions (device, address, last use)
// and ends any of them, or all others; an ended session's tokens and sockets stop working at once.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'

let server: TestServer
before(async () => {
  server = await TestServer.start({
    trustProxy: 1,
    rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
  })
})
after(() => server.close())

/** A password login from `address` (through the trusted proxy) in the browser named `userAgent`. */
async function signIn(email: string, userAgent: string, address: string): Promise<LoginResponse> {
  const { status, body } = await server.http<LoginResponse>('POST', '/auth/login', {
    body: { email, password: DEMO_PASSWORD, agreement: true },
    headers: { 'user-agent': userAgent, 'x-forwarded-for': address },
  })
  assert.equal(status, 200, JSON.stringify(body))
  return body
}

async function sessionsOf(accessToken: string): Promise<ActiveSession[]> {
  const { status, body } = await server.http<{ sessions: ActiveSession[] }>('GET', '/auth/sessions', {
    token: accessToken,
  })
  assert.equal(status, 200, JSON.stringify(body))
  return body.sessions
}

/** An agent socket authenticated from `address`, recording what the server sends it. */
async function socketFrom(address: string, accessToken: string) {
  const socket = io(server.url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { 'x-forwarded-for': address },
  })
  const received: { event: string; payload: unknown }[] = []
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }))
  // Fails after a safety timeout rather than hanging when the server never closes it.
  const disconnected = new Promise<string>((resolve, reject) => {
    socket.on('disconnect', resolve)
    const timer = setTimeout(() => reject(new Error('the socket was not disconnected within 8 s')), 8000)
    timer.unref()
  })
  disconnected.catch(() => undefined)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  const reply = (await socket.timeout(8000).emitWithAck('authenticate', {
    accessToken,
    sessionId: randomUUID(),
    timezone: 'UTC',
  })) as { ok: boolean }
  assert.ok(reply.ok, JSON.stringify(reply))
  return { socket, received, disconnected }
}

async function refresh(refreshToken: string | undefined) {
  assert.ok(refreshToken, 'the login gave no refresh token')
  return server.http('POST', '/auth/refresh-token', { body: { refreshToken } })
}

describe('the list of sessions', () => {
  it('shows the caller’s own live sessions only, with device in words, address and last use', async () => {
    const email = await server.createAgent([])
    const other = await server.createAgent([])
    const first = await signIn(email, CHROME, '198.51.100.7')
    await server.advance(5 * 60_000)
    const second = await signIn(email, FIREFOX, '203.0.113.9')
    await signIn(other, CHROME, '192.0.2.1')

    const listed = await sessionsOf(second.accessToken)
    assert.equal(listed.length, 2)
    const [newest, oldest] = listed as [ActiveSession, ActiveSession]
    assert.equal(newest.current, true)
    assert.deepEqual(newest.device, { browser: 'Firefox 121', os: 'Linux', userAgent: FIREFOX })
    assert.equal(newest.address, '203.0.113.9')
    assert.equal(newest.lastUsedAt, new Date(server.clock.now()).toISOString())
    assert.equal(oldest.current, false)
    assert.deepEqual(oldest.device, { browser: 'Chrome 120', os: 'Windows 10', userAgent: CHROME })
    assert.equal(oldest.address, '198.51.100.7')
    assert.equal(oldest.lastUsedAt, new Date(server.clock.now() - 5 * 60_000).toISOString())
    assert.ok(!listed.some((session) => session.address === '192.0.2.1'), 'another user’s session listed')

    // The first session's socket connects from elsewhere: its last use and address follow...
    await server.advance(2 * 60_000)
    const live = await socketFrom('198.51.100.99', first.accessToken)
    const used = (await sessionsOf(second.accessToken)).find((session) => !session.current)
    assert.equal(used?.address, '198.51.100.99')
    assert.equal(used?.lastUsedAt, new Date(server.clock.now()).toISOString())
    live.socket.disconnect()
    // ...but not again within the minute: uses that close together write nothing.
    await server.advance(30_000)
    const again = await socketFrom('198.51.100.100', first.accessToken)
    const unchanged = (await sessionsOf(second.accessToken)).find((session) => !session.current)
    assert.equal(unchanged?.address, '198.51.100.99')
    assert.equal(unchanged?.lastUsedAt, used?.lastUsedAt)
    again.socket.disconnect()
    // A refresh a minute later is a use too.
    await server.advance(60_000)
    const renewed = await server.http('POST', '/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
      headers: { 'x-forwarded-for': '198.51.100.101' },
    })
    assert.equal(renewed.status, 200)
    const refreshed = (await sessionsOf(second.accessToken)).find((session) => !session.current)
    assert.equal(refreshed?.address, '198.51.100.101')
    assert.equal(refreshed?.lastUsedAt, new Date(server.clock.now()).toISOString())
  })

  it('folds a login a claim started into the login that minted it, and marks it current from there', async () => {
    const email = await server.createAgent([])
    const login = await signIn(email, CHROME, '198.51.100.7')
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: login.accessToken,
      body: {},
    })
    const claimed = await server.http<LoginResponse>('GET', `/auth/login/${claim.body.id}`, {
      headers: { 'user-agent': FIREFOX, 'x-forwarded-for': '198.51.100.8' },
    })
    assert.equal(claimed.status, 200)
    const listed = await sessionsOf(claimed.body.accessToken)
    assert.equal(listed.length, 1)
    assert.equal(listed[0]?.current, true)
    assert.equal(listed[0]?.device.browser, 'Chrome 120')
  })
})

describe('ending a session', () => {
  it('revokes it at once: its refresh token, its access token and its socket, which is told why', async () => {
    const email = await server.createAgent([])
    const mine = await signIn(email, CHROME, '198.51.100.7')
    const lost = await signIn(email, FIREFOX, '203.0.113.9')
    const { received, disconnected } = await socketFrom('203.0.113.9', lost.accessToken)
    const target = (await sessionsOf(mine.accessToken)).find((session) => !session.current)!

    const ended = await server.http('DELETE', `/auth/sessions/${target.id}`, { token: mine.accessToken })
    assert.deepEqual(ended, { ...ended, status: 200, body: { ok: true } })

    assert.equal(await disconnected, 'io server disconnect')
    assert.deepEqual(received.find(({ event }) => event === 'forced:disconnect')?.payload, {
      code: 401,
      reason: 'session-ended',
    })
    assert.equal((await server.http('GET', '/auth/check-token', { token: lost.accessToken })).status, 401)
    assert.equal((await refresh(lost.refreshToken)).status, 401)
    // Nor does its token open a new socket.
    const retry = io(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    try {
      const reply = (await retry.timeout(8000).emitWithAck('authenticate', {
        accessToken: lost.accessToken,
        sessionId: randomUUID(),
        timezone: 'UTC',
      })) as { ok: boolean; error?: { code: number } }
      assert.equal(reply.ok, false)
    } finally {
      retry.disconnect()
    }
    // The caller's own goes on, and the list no longer has the ended one.
    assert.deepEqual(
      (await sessionsOf(mine.accessToken)).map((session) => session.current),
      [true],
    )
    assert.equal((await refresh(mine.refreshToken)).status, 200)
  })

  it('ends every other session and keeps the caller’s own (with what it started)', async () => {
    const email = await server.createAgent([])
    const others = [await signIn(email, FIREFOX, '203.0.113.1'), await signIn(email, FIREFOX, '203.0.113.2')]
    const mine = await signIn(email, CHROME, '198.51.100.7')
    const claim = await server.http<ClaimResponse>('POST', '/auth/claims', {
      token: mine.accessToken,
      body: {},
    })
    const child = await server.http<LoginResponse>('GET', `/auth/login/${claim.body.id}`)
    const { disconnected } = await socketFrom('203.0.113.1', others[0]!.accessToken)

    const ended = await server.http('POST', '/auth/sessions/end-others', { token: mine.accessToken })
    assert.deepEqual(ended.body, { ended: 2 })
    assert.equal(await disconnected, 'io server disconnect')
    for (const other of others) {
      assert.equal((await server.http('GET', '/auth/check-token', { token: other.accessToken })).status, 401)
      assert.equal((await refresh(other.refreshToken)).status, 401)
    }
    assert.equal((await server.http('GET', '/auth/check-token', { token: mine.accessToken })).status, 200)
    assert.equal(
      (await server.http('GET', '/auth/check-token', { token: child.body.accessToken })).status,
      200,
    )
    const left = await sessionsOf(mine.accessToken)
    assert.deepEqual(
      left.map(({ current, address }) => ({ current, address })),
      [{ current: true, address: '198.51.100.7' }],
    )
  })

  it('answers 404 for another user’s session id, exactly as for one that does not exist, and ends nothing', async () => {
    const email = await server.createAgent([])
    const stranger = await server.createAgent([])
    const mine = await signIn(email, CHROME, '198.51.100.7')
    const theirs = await signIn(stranger, FIREFOX, '203.0.113.9')
    const theirId = (await sessionsOf(theirs.accessToken))[0]!.id

    const probe = await server.http('DELETE', `/auth/sessions/${theirId}`, { token: mine.accessToken })
    const unknown = await server.http('DELETE', `/auth/sessions/${'0'.repeat(24)}`, {
      token: mine.accessToken,
    })
    const malformed = await server.http('DELETE', '/auth/sessions/..%2F..', { token: mine.accessToken })
    assert.equal(probe.status, 404)
    assert.deepEqual(probe.body, unknown.body)
    assert.equal(malformed.status, 404)
    assert.equal((await server.http('GET', '/auth/check-token', { token: theirs.accessToken })).status, 200)
    assert.equal((await refresh(theirs.refreshToken)).status, 200)
    // Without a token, nothing is listed or ended.
    assert.equal((await server.http('GET', '/auth/sessions')).status, 401)
    assert.equal((await server.http('POST', '/auth/sessions/end-others')).status, 401)
  })
})

/** A login sent as raw bytes, so that the User-Agent carries what fetch would refuse to send. */
function rawLogin(email: string, userAgent: Buffer): Promise<string> {
  const url = new URL(server.url)
  const body = JSON.stringify({ email, password: DEMO_PASSWORD, agreement: true })
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
    socket.write(
      Buffer.concat([
        Buffer.from(
          `POST /api/auth/login HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nUser-Agent: `,
        ),
        userAgent,
        Buffer.from(`\r\n\r\n${body}`),
      ]),
    )
  })
}

describe('a hostile User-Agent', () => {
  it('is stored without control or bidi characters and no longer than the bound', async () => {
    const email = await server.createAgent([])
    // What the HTTP parser lets through: a tab, C1 controls (bytes that are not UTF-8), a right-to-left
    // override and an isolate as UTF-8 bytes, and 10 kB of it all.
    const hostile = Buffer.concat([
      Buffer.from('Evil\t'),
      Buffer.from([0x85, 0x9b]),
      Buffer.from('\u202eexe.gpj\u2066 Browser ', 'utf8'),
      Buffer.from('A'.repeat(10_000)),
    ])
    const answer = await rawLogin(email, hostile)
    assert.match(answer, /^HTTP\/1\.1 200/)
    const token = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as LoginResponse).accessToken
    const [session] = await sessionsOf(token)
    const stored = session!.device.userAgent!
    assert.equal(stored.length, SESSION_DEVICE_MAX_CHARS)
    assert.ok(stored.startsWith('Evil \ufffd\ufffdexe.gpj Browser AAAA'), stored.slice(0, 40))
    assert.doesNotMatch(stored, /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069]/u)

    // A NUL, another C0 control or DEL never reaches a session: the HTTP parser refuses the request first.
    for (const control of ['\u0000', '\u0001', '\u007f'])
      assert.match(await rawLogin(email, Buffer.from(`Evil${control}Browser`)), /^HTTP\/1\.1 400/)
    assert.equal((await sessionsOf(token)).length, 1)
  })
})

describe('sessionDevice', () => {
  it('removes what the HTTP parser would refuse too, should a header ever come by another way', () => {
    assert.equal(
      sessionDevice('Mozilla/5.0\u0000 (X11;\u202e Linux)\u200f\u0007'),
      'Mozilla/5.0 (X11; Linux)',
    )
    assert.equal(sessionDevice('\u0000\u202e '), null)
    assert.equal(sessionDevice(undefined), null)
    // Never cut inside a surrogate pair: the bound counts characters.
    assert.equal(sessionDevice('😀'.repeat(1000)), '😀'.repeat(SESSION_DEVICE_MAX_CHARS))
  })
})
