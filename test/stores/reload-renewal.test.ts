import { expect } from '@open-wc/testing'
import * as v from 'valibot'
import { HTTP_PATHS } from '../../src/protocol'
import { TOKEN_DELAY_S } from '../../src/constants'
import { api } from '../../src/stores/session/connection'
import { verifySession } from '../../src/stores/session/session'
import { connectRealtime } from '../../src/stores/session/realtime-session'
import { $link } from '../../src/stores/session/link-state'
import { $userSettings, loadUserSettings } from '../../src/stores/profile/settings'
import { $tokens, setTokens } from '../../src/stores/session/tokens'
import { fakeApi, type FakeApi, type FakeReply, type SeenRequest } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { waitUntil } from '../support/waits'
import type { FakeSocket } from '../support/fake-socket'
import {
  USER_ID,
  acceptAuthentication,
  fakeRealtime,
  freshToken,
  resetSession,
  signIn,
} from '../support/session'
import { SETTINGS } from '../support/settings-fixture'

const Value = v.object({ value: v.number() })

/** How many calls a console makes at once when it starts (issue 69 counted about 16). */
const STARTUP_CALLS = 16

// Issue 69: every reload of a signed-in console sent about 16 requests that failed with 401 before the
// token was renewed. A reload holds no access token (it is never stored): the console renews first,
// once, and every call waits for that renewal.
describe('a reload of a signed-in console', () => {
  let time: FakeClock
  let server: FakeApi
  let socket: () => FakeSocket
  /** The one access token this fake server takes; each renewal issues the next. */
  let valid: string | null
  let renewals: number
  /** Every answer the fake server gave, by status. */
  let statuses: number[]

  /** Answers `reply` to a call that carries the valid token, 401 to any other. */
  const guarded =
    (reply: FakeReply) =>
    (request: SeenRequest): FakeReply => {
      const answer = request.token !== null && request.token === valid ? reply : unauthorized
      statuses.push(answer.status)
      return answer
    }
  const unauthorized: FakeReply = { status: 401, body: { code: 401, message: 'jwt expired' } }

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    valid = null
    renewals = 0
    statuses = []
    server.route('POST', '/api' + HTTP_PATHS.refreshToken, () => {
      renewals += 1
      valid = freshToken(time.now(), `R${renewals}`)
      statuses.push(200)
      return { status: 200, body: { accessToken: valid, refreshToken: `R${renewals + 1}` } }
    })
    server.route(
      'GET',
      '/api' + HTTP_PATHS.checkToken,
      guarded({
        status: 200,
        body: { valid: true, userId: USER_ID, account: '64b7f0c2a1b2c3d4e5f60001', level: 5, exp: 1 },
      }),
    )
    server.route(
      'GET',
      '/api/user/settings',
      guarded({
        status: 200,
        body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
      }),
    )
    server.route('GET', '/api/widget', guarded({ status: 200, body: { value: 1 } }))
    socket = fakeRealtime().socket
    acceptAuthentication(socket(), SETTINGS)
  })
  afterEach(() => {
    resetSession()
    server.restore()
    time.restore()
  })

  /** What a console does as it starts: verifies the session, loads its settings, its lists, and connects. */
  async function start(): Promise<void> {
    connectRealtime()
    await Promise.all([
      verifySession(),
      loadUserSettings(),
      ...Array.from({ length: STARTUP_CALLS - 2 }, () => api().get('/widget', { schema: Value })),
    ])
    await waitUntil(() => $link.get().state === 'online', 'not online')
  }

  it('renews once before its first call, and the server refuses none of them', async () => {
    // What a reload restores: the refresh token, no access token.
    setTokens({ accessToken: '', refreshToken: 'R1', remember: false })
    await start()
    expect(statuses.filter((status) => status === 401)).to.deep.equal([])
    expect(renewals).to.equal(1)
    expect(server.to('/api/widget').every((request) => request.token === valid)).to.equal(true)
    expect(server.to('/api/widget')).to.have.length(STARTUP_CALLS - 2)
    expect($userSettings.get()?.ringtone).to.equal('classic')
    // The socket authenticated with that same renewed token.
    const authenticate = socket().sent.find((message) => message.event === 'authenticate')
    expect((authenticate?.payload as { accessToken: string }).accessToken).to.equal(valid)
    expect($tokens.get()?.accessToken).to.equal(valid)
  })

  it('renews a token at the end of its life once, before the calls that would send it', async () => {
    signIn(time.now())
    valid = $tokens.get()!.accessToken
    expect(await api().get('/widget', { schema: Value })).to.deep.equal({ value: 1 })
    // 15 minutes on, less the 3 s of delay allowed: the token has lived its life; the server refuses it.
    await time.tick(900_000 - TOKEN_DELAY_S * 1000)
    const expired = valid
    valid = null
    const before = server.requests.length
    await start()
    expect(statuses.filter((status) => status === 401)).to.deep.equal([])
    expect(renewals).to.equal(1)
    expect(server.requests.slice(before).filter((request) => request.token === expired)).to.deep.equal([])
  })

  it('holds a call made while a renewal is on its way until the renewal is done', async () => {
    signIn(time.now())
    valid = $tokens.get()!.accessToken
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    server.route('POST', '/api' + HTTP_PATHS.refreshToken, async () => {
      await held
      renewals += 1
      valid = freshToken(time.now(), 'held')
      return { status: 200, body: { accessToken: valid } }
    })
    const renewing = api().renewOnce()
    await waitUntil(() => server.to('/api/auth/refresh-token').length === 1)
    const call = api().get('/widget', { schema: Value })
    release()
    await renewing
    expect(await call).to.deep.equal({ value: 1 })
    expect(server.to('/api/widget').map((request) => request.token)).to.deep.equal([valid])
    expect(statuses.filter((status) => status === 401)).to.deep.equal([])
  })
})
