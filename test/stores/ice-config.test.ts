import { expect } from '@open-wc/testing'
import { cleanStores, keepMount } from 'nanostores'
import type { IceConfig } from '../../src/protocol'
import { $call, abandonCall } from '../../src/stores/call/call'
import { mediaConnection } from '../../src/stores/call/call-media'
import { ICE_RETRY_MS, prepareIce, resetIce } from '../../src/stores/call/ice-config'
import { clearTokens } from '../../src/stores/session/tokens'
import { clearToasts } from '../../src/stores/app/toasts'
import { resetActivity } from '../../src/stores/status/activity'
import { connectFakeSocket, joinedCall, ok, refused } from '../support/call-fixtures'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { NO_REPLY, type FakeSocket } from '../support/fake-socket'
import { signIn } from '../support/session'
import { waitUntil } from '../support/waits'

const CUSTOMER = 'customer:dddddddddddddddddddddddd'

/** A TURN reply of the server: STUN and TURN over UDP, TCP and TLS, with a credential for `user`. */
function turnConfig(user: string, expiresAt: number | null): IceConfig {
  return {
    iceServers: [
      { urls: ['stun:127.0.0.1:3478'] },
      {
        urls: [
          'turn:127.0.0.1:3478?transport=udp',
          'turn:127.0.0.1:3478?transport=tcp',
          'turns:127.0.0.1:443',
        ],
        username: user,
        credential: `secret-of-${user}`,
      },
    ],
    iceTransportPolicy: 'all',
    expiresAt,
  }
}

describe('the ICE servers of a call', () => {
  let time: FakeClock
  let socket: FakeSocket
  let warnings: unknown[][]
  const warn = console.warn

  beforeEach(() => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($call)
    warnings = []
    console.warn = (...args: unknown[]) => void warnings.push(args)
  })
  afterEach(() => {
    console.warn = warn
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    resetIce()
    time.restore()
  })

  const asked = () => socket.sent.filter((sent) => sent.event === 'ice:servers').length
  const offers = () =>
    socket.sent.filter(
      (sent) =>
        sent.event === 'signal' && (sent.payload as { data: { type?: string } }).data.type === 'offer',
    ).length
  /** The configuration the connection to the customer was made with (or was handed since). */
  const configuration = () => mediaConnection(CUSTOMER)!.getConfiguration()
  // Chrome fills in an empty username and credential for a server given none.
  const servers = () =>
    (configuration().iceServers ?? []).map((server) => ({
      urls: server.urls,
      username: server.username || null,
      credential: server.credential || null,
    }))
  const usernames = () => servers().map((server) => server.username)

  /** A call with a customer: the console makes the connection to them (an offer nobody answers here). */
  async function callWithCustomer(): Promise<string> {
    const call = joinedCall({ peers: [{ id: CUSTOMER, role: 'customer', name: 'Ana' }] })
    socket.serverEmit('join', call)
    await waitUntil(() => mediaConnection(CUSTOMER), 'no connection to the customer', { timeout: 8_000 })
    return call.id
  }

  it('asks the server once, before the first connection, and makes the connection with its servers', async () => {
    socket.answer('ice:servers', () => ok(turnConfig('u1', time.now() + 10 * 60_000)))
    await callWithCustomer()
    expect(asked()).to.equal(1)
    expect(configuration().iceTransportPolicy).to.equal('all')
    expect(servers()).to.deep.equal([
      { urls: ['stun:127.0.0.1:3478'], username: null, credential: null },
      {
        urls: [
          'turn:127.0.0.1:3478?transport=udp',
          'turn:127.0.0.1:3478?transport=tcp',
          'turns:127.0.0.1:443',
        ],
        username: 'u1',
        credential: 'secret-of-u1',
      },
    ])
    // Another connection of the same call (a beamport) takes them as they are: no second question.
    expect((await prepareIce()).iceServers[1]?.username).to.equal('u1')
    expect(asked()).to.equal(1)
  })

  it('makes relay-only connections when the account asks for them', async () => {
    socket.answer('ice:servers', () => ok({ ...turnConfig('u1', null), iceTransportPolicy: 'relay' }))
    await callWithCustomer()
    expect(configuration().iceTransportPolicy).to.equal('relay')
  })

  it('renews the credential at 75% of its life while the call lasts, and hands it to the live connection', async () => {
    let user = 'u1'
    socket.answer('ice:servers', () => ok(turnConfig(user, time.now() + 60_000)))
    const callId = await callWithCustomer()
    expect(usernames()).to.deep.equal([null, 'u1'])
    const offered = offers()

    user = 'u2'
    await time.tick(45_000 - 1)
    expect(asked()).to.equal(1)
    await time.tick(1)
    await waitUntil(() => usernames()[1] === 'u2', 'the connection never got the new credential')
    expect(asked()).to.equal(2)
    // The connection restarts ICE with it (a new offer), so the relay is allocated with the new credential.
    await waitUntil(() => offers() > offered, 'no ICE restart after the renewal')

    // And again at 75% of the new one, for as long as the call lasts.
    user = 'u3'
    await time.tick(45_000)
    await waitUntil(() => usernames()[1] === 'u3', 'the second renewal never reached the connection')

    socket.serverEmit('end', { callId, reason: 'hangup' })
    await time.tick(10 * 60_000)
    expect(asked()).to.equal(3)
  })

  for (const [what, reply] of [
    ['does not answer', () => NO_REPLY],
    ['refuses', () => refused(500, 'TURN is down')],
  ] as const)
    it(`goes on with no ICE servers when the server ${what}, says so in the log, and asks again 30 s later`, async () => {
      socket.answer('ice:servers', reply)
      await callWithCustomer()
      expect(servers()).to.deep.equal([])
      expect(warnings.some(([message]) => String(message).includes('no ICE servers'))).to.equal(true)
      // Not before each connection: the call's other connections take none at once.
      await prepareIce()
      expect(asked()).to.equal(1)

      // The server answers at last: the call's connection gets its servers (and a relay, if it needs one).
      socket.answer('ice:servers', () => ok(turnConfig('late', time.now() + 10 * 60_000)))
      await time.tick(ICE_RETRY_MS)
      await waitUntil(() => usernames()[1] === 'late', 'the connection never got the servers')
      expect(asked()).to.equal(2)
    })

  it('forgets the servers when the session ends: the next agent asks again', async () => {
    signIn(time.now())
    socket.answer('ice:servers', () => ok(turnConfig('u1', time.now() + 10 * 60_000)))
    await prepareIce()
    clearTokens()
    socket.answer('ice:servers', () => ok(turnConfig('u2', time.now() + 10 * 60_000)))
    expect((await prepareIce()).iceServers[1]?.username).to.equal('u2')
    expect(asked()).to.equal(2)
  })
})
