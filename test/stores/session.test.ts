import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import * as v from 'valibot'
import { HTTP_PATHS } from '../../src/protocol'
import { RETRY_AFTER_429_MS, SESSION_ID_KEY, TOKEN_DELAY_S } from '../../src/constants'
import { api } from '../../src/stores/session/connection'
import {
  $sessionExpiredInCall,
  $signedIn,
  $user,
  logout,
  sessionId,
  verifySession,
} from '../../src/stores/session/session'
import { $consoleSettings, receiveConsoleSettings } from '../../src/stores/profile/settings'
import { $notifications, receiveNotifications } from '../../src/stores/profile/notifications'
import { $agentStatus, receiveAgentStatus } from '../../src/stores/status/agent'
import { HangupKept, registerHangup, setInCall } from '../../src/stores/status/activity'
import { $path, navigate } from '../../src/stores/shell/router'
import { $toasts } from '../../src/stores/app/toasts'
import { $tokens, setTokens } from '../../src/stores/session/tokens'
import { setLink, type LinkState } from '../../src/stores/session/link-state'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { freshToken, resetSession, signIn } from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

const Value = v.object({ value: v.number() })

describe('session and tokens', () => {
  let server: FakeApi
  let stopWatching: () => void
  beforeEach(() => {
    server = fakeApi()
    // What a mounted view does: watch the session (http-error → expiry).
    stopWatching = $signedIn.listen(() => {})
  })
  afterEach(() => {
    stopWatching()
    server.restore()
    resetSession()
  })

  it('renews once for 50 concurrent 401s and retries every call with the new token', async () => {
    signIn(Date.now())
    const renewed = freshToken(Date.now(), 'B')
    server.route('POST', '/api/auth/refresh-token', (request) => {
      expect(request.token).to.equal(null)
      expect(request.body).to.deep.equal({ refreshToken: 'R1' })
      return { status: 200, body: { accessToken: renewed, refreshToken: 'R2' } }
    })
    server.route('GET', '/api/widget', (request) =>
      request.token === renewed
        ? { status: 200, body: { value: 1 } }
        : { status: 401, body: { code: 401, message: 'expired' } },
    )
    const results = await Promise.all(
      Array.from({ length: 50 }, () => api().get('/widget', { schema: Value })),
    )
    expect(results.every((result) => result.value === 1)).to.equal(true)
    expect(server.to('/api/auth/refresh-token')).to.have.length(1)
    expect(server.to('/api/widget').filter((request) => request.token === renewed)).to.have.length(50)
    expect($tokens.get()).to.deep.include({ accessToken: renewed, refreshToken: 'R2' })
  })

  it('keeps its refresh token when the server answers the renewal with an access token only (SPEC §7)', async () => {
    signIn(Date.now())
    const renewed = freshToken(Date.now(), 'C')
    server.route('POST', '/api/auth/refresh-token', { status: 200, body: { accessToken: renewed } })
    server.route('GET', '/api/widget', (request) =>
      request.token === renewed
        ? { status: 200, body: { value: 3 } }
        : { status: 401, body: { code: 401, message: 'expired' } },
    )
    expect(await api().get('/widget', { schema: Value })).to.deep.equal({ value: 3 })
    expect($tokens.get()).to.deep.include({ accessToken: renewed, refreshToken: 'R1' })
  })

  describe('with the clock faked', () => {
    let time: FakeClock
    beforeEach(() => (time = fakeClock()))
    afterEach(() => time.restore())

    it('waits 1 s after a 429, renews and retries', async () => {
      signIn(time.now())
      const renewed = freshToken(time.now(), 'B')
      server.route('POST', '/api/auth/refresh-token', {
        status: 200,
        body: { accessToken: renewed, refreshToken: 'R2' },
      })
      let limited = false
      server.route('GET', '/api/widget', () => {
        if (limited) return { status: 200, body: { value: 2 } }
        limited = true
        return { status: 429, body: { code: 429, message: 'Too many requests' } }
      })
      let result: unknown
      void api()
        .get('/widget', { schema: Value })
        .then((value) => (result = value))
      await waitUntil(() => server.to('/api/widget').length === 1)
      await time.tick(RETRY_AFTER_429_MS - 1)
      expect(server.to('/api/widget')).to.have.length(1)
      await time.tick(1)
      await waitUntil(() => result !== undefined)
      expect(result).to.deep.equal({ value: 2 })
      expect(server.to('/api/widget').map((request) => request.token)).to.deep.equal([
        freshToken(time.now() - RETRY_AFTER_429_MS),
        renewed,
      ])
    })
  })

  describe('a token at the end of its life', () => {
    let time: FakeClock
    beforeEach(() => (time = fakeClock()))
    afterEach(() => time.restore())

    it('is renewed before the call that would send it: the server never refuses it', async () => {
      signIn(time.now())
      const first = $tokens.get()!.accessToken
      const renewed = freshToken(time.now() + 900_000, 'B')
      server.route('POST', '/api/auth/refresh-token', { status: 200, body: { accessToken: renewed } })
      // This fake server would still take the old token: only the console can tell it was not sent.
      server.route('GET', '/api/widget', (request) => ({
        status: 200,
        body: { value: request.token === renewed ? 2 : 1 },
      }))
      expect(await api().get('/widget', { schema: Value })).to.deep.equal({ value: 1 })
      // 15 minutes on, less the 3 s of delay allowed (SPEC §9): the token has lived its life.
      await time.tick(900_000 - TOKEN_DELAY_S * 1000)
      expect(await api().get('/widget', { schema: Value })).to.deep.equal({ value: 2 })
      expect(server.to('/api/widget').map((request) => request.token)).to.deep.equal([first, renewed])
      expect(server.to('/api/auth/refresh-token')).to.have.length(1)
    })

    it('counts its life on this computer’s clock: a clock an hour ahead does not renew every call', async () => {
      // Issued by a server whose clock is an hour behind this computer's.
      setTokens({ accessToken: freshToken(time.now() - 3_600_000), refreshToken: 'R1', remember: false })
      server.route('GET', '/api/widget', { status: 200, body: { value: 1 } })
      await api().get('/widget', { schema: Value })
      await time.tick(60_000)
      await api().get('/widget', { schema: Value })
      expect(server.to('/api/widget')).to.have.length(2)
      expect(server.to('/api/auth/refresh-token')).to.have.length(0)
    })
  })

  it('logs out when the refresh token is refused, with a warning, and lands on the login', async () => {
    signIn(Date.now())
    navigate('/history')
    server.route('POST', '/api/auth/refresh-token', { status: 401, body: { code: 401, message: 'expired' } })
    server.route('GET', '/api/widget', { status: 401, body: { code: 401, message: 'expired' } })
    const outcome = await api()
      .get('/widget')
      .catch((error: unknown) => error)
    expect(outcome).to.be.instanceOf(Error)
    await waitUntil(() => $tokens.get() === null, 'not logged out')
    expect($path.get()).to.equal('/login')
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['session.expired'])
  })

  it('only warns, with a refresh, when the refresh token expires during a call', async () => {
    signIn(Date.now())
    setInCall(true)
    server.route('POST', '/api/auth/refresh-token', { status: 401, body: { code: 401, message: 'expired' } })
    server.route('GET', '/api/widget', { status: 401, body: { code: 401, message: 'expired' } })
    const outcome = await api()
      .get('/widget')
      .catch((error: unknown) => error)
    expect(outcome).to.be.instanceOf(Error)
    await waitUntil(() => $sessionExpiredInCall.get(), 'no warning')
    expect($tokens.get()).not.to.equal(null)
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['session.expiredInCall'])
  })

  it("shows 'Code (code): message' when a renewal fails with another code", async () => {
    signIn(Date.now())
    server.route('POST', '/api/auth/refresh-token', {
      status: 503,
      body: { code: 503, message: 'Maintenance' },
    })
    server.route('GET', '/api/widget', { status: 401, body: { code: 401, message: 'expired' } })
    const outcome = await api()
      .get('/widget')
      .catch((error: unknown) => error)
    expect(outcome).to.be.instanceOf(Error)
    await waitUntil(() => $toasts.get().length === 1)
    expect($toasts.get()[0]).to.deep.include({
      messageId: 'session.httpError',
      values: { code: 503, message: 'Maintenance' },
    })
    expect($tokens.get()).not.to.equal(null)
  })

  it("says the server cannot be reached when a renewal gets no response, not the browser's words", async () => {
    signIn(Date.now())
    server.route('POST', '/api/auth/refresh-token', { status: 0 })
    server.route('GET', '/api/widget', { status: 401, body: { code: 401, message: 'expired' } })
    const outcome = await api()
      .get('/widget')
      .catch((error: unknown) => error)
    expect(outcome).to.be.instanceOf(Error)
    await waitUntil(() => $toasts.get().length === 1, 'no notice', { timeout: 5_000 })
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['session.httpUnreachable'])
    expect($tokens.get()).not.to.equal(null)
  })

  it('logs out with POST /auth/logout (no bearer), clears every store and returns to the login', async () => {
    signIn(Date.now())
    navigate('/history')
    server.route('POST', '/api/auth/logout', { status: 200, body: { ok: true } })
    receiveConsoleSettings(SETTINGS)
    receiveNotifications({ notifications: [], total: 3, unread: 2 })
    receiveAgentStatus({ online: true, available: true, inCall: false, status: 'available' })
    $user.set({
      id: '64b7f0c2a1b2c3d4e5f60718',
      firstname: 'Ana',
      lastname: 'Diaz',
      segments: [],
      callId: null,
      appointmentId: null,
    })

    await logout()

    expect(server.to('/api/auth/logout')).to.have.length(1)
    expect(server.to('/api/auth/logout')[0]).to.deep.include({ token: null, body: { refreshToken: 'R1' } })
    expect($tokens.get()).to.equal(null)
    expect($consoleSettings.get()).to.equal(null)
    expect($notifications.get().unread).to.equal(0)
    expect($agentStatus.get().status).to.equal('disconnected')
    expect($user.get()).to.equal(null)
    expect($path.get()).to.equal('/login')
    expect(sessionStorage.getItem('agent-console:tokens')).to.equal(null)
  })

  /** Runs `steps` in a call whose hang-up is `hangup`, with the link in `state`; leaves no call behind. */
  async function duringCall(hangup: () => Promise<void>, state: LinkState, steps: () => Promise<void>) {
    const unregister = registerHangup(hangup)
    setInCall(true)
    setLink({ state, attempt: 0, code: null })
    try {
      await steps()
    } finally {
      unregister()
      setInCall(false)
      setLink({ state: 'idle', attempt: 0, code: null })
    }
  }

  it('hangs up a call under way before logging out; a kept call keeps the agent signed in', async () => {
    signIn(Date.now())
    navigate('/history')
    server.route('POST', '/api/auth/logout', { status: 200, body: { ok: true } })
    const order: string[] = []
    let kept = true
    const hangup = async () => {
      order.push('hangup')
      if (kept) throw new HangupKept('blocked')
      setInCall(false)
    }
    await duringCall(hangup, 'online', async () => {
      // The agent form is not valid yet: the call, the session and the page stay.
      expect(await logout()).to.equal(false)
      expect(order).to.deep.equal(['hangup'])
      expect(server.to('/api/auth/logout')).to.have.length(0)
      expect($tokens.get()).not.to.equal(null)
      expect($path.get()).to.equal('/history')
      // Valid now: hung up, then logged out.
      kept = false
      expect(await logout()).to.equal(true)
      expect(order).to.deep.equal(['hangup', 'hangup'])
      expect(server.to('/api/auth/logout')).to.have.length(1)
      expect($tokens.get()).to.equal(null)
      expect($path.get()).to.equal('/login')
    })
  })

  it('logs out during a call without a link to the server: there is no hang-up to ask for', async () => {
    signIn(Date.now())
    server.route('POST', '/api/auth/logout', { status: 200, body: { ok: true } })
    let hangups = 0
    const hangup = async () => {
      hangups++
      throw new HangupKept('refused')
    }
    await duringCall(hangup, 'reconnecting', async () => {
      expect(await logout()).to.equal(true)
      expect(hangups).to.equal(0)
      expect($tokens.get()).to.equal(null)
      expect($path.get()).to.equal('/login')
    })
  })

  it('makes the session id once and keeps it in sessionStorage under console-session', () => {
    const id = sessionId()
    expect(id.length).to.be.greaterThan(8)
    expect(sessionStorage.getItem(SESSION_ID_KEY)).to.equal(id)
    expect(sessionId()).to.equal(id)
  })

  it('verifies a restored session with check-token', async () => {
    signIn(Date.now())
    server.route('GET', '/api' + HTTP_PATHS.checkToken, {
      status: 200,
      body: {
        valid: true,
        userId: '64b7f0c2a1b2c3d4e5f60718',
        account: '64b7f0c2a1b2c3d4e5f60001',
        level: 5,
        exp: 1,
      },
    })
    await verifySession()
    expect(server.to('/api/auth/check-token')[0]!.token).to.equal($tokens.get()!.accessToken)
  })
})
