import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { OFFLINE_NOTICE_DELAY_MS, RECONNECT_FAST_ATTEMPTS, SESSION_ID_KEY } from '../../src/constants'
import { connectRealtime, reconnectNow } from '../../src/stores/session/realtime-session'
import { $link } from '../../src/stores/session/link-state'
import { reconnectDelay } from '../../src/stores/session/reconnect-policy'
import { $agentStatus, $disconnectionLog } from '../../src/stores/status/agent'
import { $consoleSettings } from '../../src/stores/profile/settings'
import { $toasts } from '../../src/stores/app/toasts'
import { $tokens } from '../../src/stores/session/tokens'
import { $sessionExpiredInCall } from '../../src/stores/session/session'
import { setInCall } from '../../src/stores/status/activity'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import {
  acceptAuthentication,
  fakeJwt,
  fakeRealtime,
  freshToken,
  resetSession,
  signIn,
} from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

const toastIds = () => $toasts.get().map((toast) => toast.messageId)
const reconnecting = () => $toasts.get().find((toast) => toast.key === 'reconnecting')

/** The server drops the link (restart, network). */
function drop(socket: FakeSocket, reason = 'transport close') {
  socket.connected = false
  socket.serverEmit('disconnect', reason)
}

/** The server is down: every connect fails. */
function serverDown(socket: FakeSocket) {
  socket.connect = () => {
    socket.serverEmit('connect_error', new Error('websocket error'))
    return socket
  }
}

/** The server is back. */
function serverUp(socket: FakeSocket) {
  socket.connect = () => {
    socket.connected = true
    socket.serverEmit('connect')
    return socket
  }
}

const sent = (socket: FakeSocket, event: string) => socket.sent.filter((message) => message.event === event)

describe('realtime session', () => {
  let time: FakeClock
  let server: FakeApi
  let socket: () => FakeSocket

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    socket = fakeRealtime().socket
    signIn(time.now())
  })
  afterEach(() => {
    resetSession()
    server.restore()
    time.restore()
  })

  async function online() {
    acceptAuthentication(socket(), SETTINGS)
    connectRealtime()
    await waitUntil(() => $link.get().state === 'online', 'not online')
    await waitUntil(() => $agentStatus.get().available)
  }

  it('authenticates with the token, the tab session id and the time zone, then keeps the settings', async () => {
    await online()
    const [authenticate] = sent(socket(), 'authenticate')
    expect(authenticate!.payload).to.deep.equal({
      accessToken: $tokens.get()!.accessToken,
      sessionId: sessionStorage.getItem(SESSION_ID_KEY),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    expect(socket().options).to.deep.include({
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      timeout: 15_000,
    })
    expect($consoleSettings.get()?.statuses).to.have.length(4)
  })

  it('renews a token about to expire before it connects', async () => {
    $tokens.set({
      accessToken: fakeJwt({ exp: Math.floor(time.now() / 1000) + 30 }),
      refreshToken: 'R1',
      remember: false,
    })
    const renewed = freshToken(time.now(), 'B')
    server.route('POST', '/api/auth/refresh-token', {
      status: 200,
      body: { accessToken: renewed, refreshToken: 'R2' },
    })
    await online()
    expect(server.to('/api/auth/refresh-token')).to.have.length(1)
    expect((sent(socket(), 'authenticate')[0]!.payload as { accessToken: string }).accessToken).to.equal(
      renewed,
    )
  })

  it('renews the token and reconnects when authenticate answers 401', async () => {
    const renewed = freshToken(time.now(), 'B')
    server.route('POST', '/api/auth/refresh-token', {
      status: 200,
      body: { accessToken: renewed, refreshToken: 'R2' },
    })
    socket().answer('authenticate', () => ({ ok: false, error: { code: 401, message: 'Token expired' } }))
    connectRealtime()
    await waitUntil(() => $link.get().state === 'reconnecting')
    expect(reconnecting()?.values).to.deep.equal({ attempt: 1, code: '401' })
    acceptAuthentication(socket(), SETTINGS)
    await time.tick(reconnectDelay(1, () => 1))
    await waitUntil(() => $link.get().state === 'online')
    expect(server.to('/api/auth/refresh-token')).to.have.length(1)
    const tokens = sent(socket(), 'authenticate').map(
      (message) => (message.payload as { accessToken: string }).accessToken,
    )
    expect(tokens[1]).to.equal(renewed)
  })

  it('marks a 403 as a duplicated session, says so, and never reconnects by itself', async () => {
    socket().answer('authenticate', () => ({ ok: false, error: { code: 403, message: 'Duplicated' } }))
    connectRealtime()
    await waitUntil(() => $link.get().state === 'duplicated')
    expect(toastIds()).to.include('session.duplicated')
    const attempts = sent(socket(), 'authenticate').length
    await time.tick(10 * 60_000)
    expect(sent(socket(), 'authenticate')).to.have.length(attempts)
    expect($agentStatus.get()).to.deep.include({ online: false, available: false })
    // The agent closed the other session: the reconnect button tries again.
    acceptAuthentication(socket(), SETTINGS)
    reconnectNow()
    await waitUntil(() => $link.get().state === 'online')
    expect(toastIds()).not.to.include('session.duplicated')
  })

  it('reconnects with a back-off and a persistent notice showing attempt and code', async () => {
    // The longest jitter every time, so each attempt's moment is known.
    const random = Math.random
    Math.random = () => 1
    try {
      await reconnectsWithBackOff()
    } finally {
      Math.random = random
    }
  })

  async function reconnectsWithBackOff() {
    await online()
    serverDown(socket())
    drop(socket())
    expect($link.get()).to.deep.equal({ state: 'reconnecting', attempt: 1, code: 'transport close' })
    expect(reconnecting()).to.deep.include({
      variant: 'warning',
      duration: Infinity,
      values: { attempt: 1, code: 'transport close' },
    })
    expect($agentStatus.get()).to.deep.include({ online: false, available: false, status: 'disconnected' })

    // The first attempts come about every second: attempt 1 after 0.6–1 s, attempt 2 as much later.
    const authenticateCount = () => sent(socket(), 'authenticate').length
    let connects = 0
    const down = socket().connect
    socket().connect = () => {
      connects += 1
      return down()
    }
    const soonest = reconnectDelay(1, () => 0)
    const latest = reconnectDelay(1, () => 1)
    await time.tick(soonest - 1)
    expect(connects).to.equal(0)
    await time.tick(latest - soonest + 1)
    expect(connects).to.equal(1)
    expect(reconnecting()?.values).to.deep.equal({ attempt: 2, code: 'websocket error' })
    await time.tick(latest)
    expect(connects).to.equal(2)
    expect(reconnecting()?.values).to.deep.equal({ attempt: 3, code: 'websocket error' })

    const before = authenticateCount()
    serverUp(socket())
    acceptAuthentication(socket(), SETTINGS)
    await time.tick(reconnectDelay(3, () => 1))
    await waitUntil(() => $link.get().state === 'online')
    expect(authenticateCount()).to.equal(before + 1)
    expect(reconnecting()?.messageId).to.equal('connection.restored')
    await waitUntil(() => $agentStatus.get().available, 'not available again')
  }

  it('retries about every second for the first attempts, then doubles the pause up to 30 s, spread by ±25 %', () => {
    const fast = RECONNECT_FAST_ATTEMPTS
    const attempts = [1, fast, fast + 1, fast + 2, fast + 3, fast + 4, fast + 5, fast + 6, fast + 20]
    expect(attempts.map((attempt) => reconnectDelay(attempt, () => 0))).to.deep.equal([
      600, 600, 1_200, 2_400, 4_800, 9_600, 19_200, 22_500, 22_500,
    ])
    expect(attempts.map((attempt) => reconnectDelay(attempt, () => 1))).to.deep.equal([
      1_000, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 37_500, 37_500,
    ])
  })

  it('tries again at once when the tab becomes visible, without waiting out the back-off', async () => {
    await online()
    serverDown(socket())
    drop(socket())
    // Past the fast attempts, the next one is over a second away.
    for (let attempt = 1; attempt <= RECONNECT_FAST_ATTEMPTS + 2; attempt++)
      await time.tick(reconnectDelay(attempt, () => 1))
    expect($link.get().state).to.equal('reconnecting')
    expect($link.get().attempt).to.be.greaterThan(RECONNECT_FAST_ATTEMPTS + 1)
    serverUp(socket())
    acceptAuthentication(socket(), SETTINGS)
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
      await waitUntil(() => $link.get().state === 'online', 'did not reconnect when the tab became visible')
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
  })

  it("notifies 'status.offline' 0.5 s after a drop and logs the disconnection", async () => {
    await online()
    serverDown(socket())
    drop(socket(), 'ping timeout')
    await time.tick(OFFLINE_NOTICE_DELAY_MS - 1)
    expect(toastIds()).not.to.include('status.offline')
    await time.tick(1)
    expect(toastIds()).to.include('status.offline')
    expect($disconnectionLog.get().map((entry) => entry.reason)).to.deep.equal(['ping timeout'])
  })

  it('keeps the status during a call when the link drops', async () => {
    await online()
    setInCall(true)
    serverDown(socket())
    drop(socket())
    expect($agentStatus.get().available).to.equal(true)
  })

  it('shows the browser-offline warning, waits for the network, and reconnects at once when it is back', async () => {
    await online()
    serverDown(socket())
    window.dispatchEvent(new Event('offline'))
    drop(socket())
    expect(toastIds()).to.include('connection.browserOffline')
    expect($toasts.get().find((toast) => toast.messageId === 'connection.browserOffline')?.duration).to.equal(
      Infinity,
    )
    serverUp(socket())
    acceptAuthentication(socket(), SETTINGS)
    window.dispatchEvent(new Event('online'))
    await waitUntil(() => $link.get().state === 'online')
    expect(toastIds()).not.to.include('connection.browserOffline')
  })

  it('does not reconnect after a forced disconnect, and ends the session', async () => {
    await online()
    socket().serverEmit('forced:disconnect', { code: 401, reason: 'logout' })
    drop(socket(), 'io server disconnect')
    await waitUntil(() => $tokens.get() === null)
    const attempts = sent(socket(), 'authenticate').length
    await time.tick(60_000)
    expect(sent(socket(), 'authenticate')).to.have.length(attempts)
  })

  it('says the agent logged out elsewhere, not that the session expired, and goes to the login', async () => {
    await online()
    socket().serverEmit('forced:disconnect', { code: 401, reason: 'logout' })
    drop(socket(), 'io server disconnect')
    await waitUntil(() => $tokens.get() === null, 'still signed in')
    const shown = $toasts.get().map((toast) => toast.messageId)
    expect(shown).to.include('session.loggedOutElsewhere')
    expect(shown).not.to.include('session.expired')
  })

  it('says the session was ended from another device when the agent ended it from their list of sessions', async () => {
    await online()
    socket().serverEmit('forced:disconnect', { code: 401, reason: 'session-ended' })
    drop(socket(), 'io server disconnect')
    await waitUntil(() => $tokens.get() === null, 'still signed in')
    const shown = $toasts.get().map((toast) => toast.messageId)
    expect(shown).to.include('session.endedElsewhere')
    expect(shown).not.to.include('session.loggedOutElsewhere')
  })

  it('in a call, says the logout elsewhere ends the call unless the agent logs in again, offering no refresh', async () => {
    await online()
    setInCall(true)
    socket().serverEmit('forced:disconnect', { code: 401, reason: 'logout' })
    drop(socket(), 'io server disconnect')
    // A reload would land on the login: the login itself was ended, not only its token.
    await waitUntil(() => $tokens.get() === null, 'still signed in')
    const shown = $toasts.get().map((toast) => toast.messageId)
    expect(shown).to.include('session.loggedOutElsewhereInCall')
    expect(shown).not.to.include('session.expiredInCall')
    expect($sessionExpiredInCall.get()).to.equal(false)
  })

  it('renews a stale token and reconnects at once after the laptop wakes', async () => {
    await online()
    serverDown(socket())
    // The lid closes: the network goes first, so no retry is planned before the sleep.
    window.dispatchEvent(new Event('offline'))
    drop(socket())
    const attempts = sent(socket(), 'authenticate').length
    // Asleep for an hour: no timer ran, the access token expired meanwhile.
    const renewed = fakeJwt({ exp: Math.floor(time.now() / 1000) + 7200, tag: 'W' })
    server.route('POST', '/api/auth/refresh-token', {
      status: 200,
      body: { accessToken: renewed, refreshToken: 'R2' },
    })
    serverUp(socket())
    acceptAuthentication(socket(), SETTINGS)
    await time.tick(60_000)
    expect(sent(socket(), 'authenticate')).to.have.length(attempts)
    await time.jump(60 * 60_000)
    await waitUntil(() => $link.get().state === 'online', 'did not reconnect on wake')
    const last = sent(socket(), 'authenticate').at(-1)!.payload as { accessToken: string }
    expect(last.accessToken).to.equal(renewed)
    window.dispatchEvent(new Event('online'))
  })
})
