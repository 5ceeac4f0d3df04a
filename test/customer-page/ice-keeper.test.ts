import { expect } from '@open-wc/testing'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { IceConfig, Reply } from '../../src/protocol'
import {
  ASK_RETRY_MS,
  IceKeeper,
  MIN_RENEW_MS,
  renewalAt,
  type IceInUse,
} from '../../server/customer-page/ice-keeper'

const START = Date.UTC(2025, 0, 6, 9, 0, 0)
const TTL_MS = 60_000

/** A TURN config minted now, valid `TTL_MS`, its credential numbered so a renewal is told apart. */
const minted = (now: number, n: number, policy: IceConfig['iceTransportPolicy'] = 'all'): IceConfig => ({
  iceServers: [
    { urls: ['stun:turn.example.test:3478'] },
    {
      urls: ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:443?transport=tcp'],
      username: `${Math.floor((now + TTL_MS) / 1000)}:customer-${n}`,
      credential: `secret-${n}`,
    },
  ],
  iceTransportPolicy: policy,
  expiresAt: now + TTL_MS,
})

/** A keeper over a fake server: `answer` says what the next asks get. */
function keeperWith(time: FakeClock, answer: (n: number) => Reply<unknown> | 'reject') {
  const asked: number[] = []
  const configs: { config: IceConfig; inUse: IceInUse }[] = []
  const keeper = new IceKeeper({
    ask: async () => {
      asked.push(time.now())
      const reply = answer(asked.length)
      if (reply === 'reject') throw new Error('operation has timed out')
      return reply
    },
    onConfig: (config, inUse) => configs.push({ config, inUse }),
  })
  return { keeper, asked, configs }
}

const ok = (data: unknown): Reply<unknown> => ({ ok: true, data })
const refused: Reply<unknown> = {
  ok: false,
  error: { code: 409, message: 'Join a queue or a meeting first' },
}

describe('customer page: ICE servers kept fresh', () => {
  let time: FakeClock
  beforeEach(() => (time = fakeClock(START)))
  afterEach(() => time.restore())

  it('asks once active, and asks again at three quarters of the credential’s life while active', async () => {
    const { keeper, asked, configs } = keeperWith(time, (n) => ok(minted(time.now(), n)))
    await time.tick(10_000)
    expect(asked, 'nothing asked on the form').to.deep.equal([])

    keeper.setActive(true)
    await time.tick(0)
    expect(asked).to.deep.equal([START + 10_000])
    expect(configs[0]?.config.iceServers[1]?.credential).to.equal('secret-1')

    // 45 s of a 60 s credential: renewed then, and every 45 s while the call lasts (3 minutes here).
    await time.tick(45_000 - 1)
    expect(asked).to.have.length(1)
    await time.tick(1)
    expect(asked).to.have.length(2)
    await time.tick(135_000)
    expect(configs.map(({ inUse }) => inUse.received)).to.deep.equal([1, 2, 3, 4, 5])
    expect(configs.at(-1)?.config.iceServers[1]?.credential).to.equal('secret-5')
    for (const [i, at] of asked.entries()) expect(at).to.equal(START + 10_000 + i * 45_000)

    keeper.setActive(false)
    await time.tick(600_000)
    expect(asked, 'not renewed after the call').to.have.length(5)
  })

  it('asks at once when a call starts with a config due, and not when it is fresh', async () => {
    const { keeper, asked } = keeperWith(time, (n) => ok(minted(time.now(), n)))
    keeper.setActive(true)
    await time.tick(0)
    keeper.setActive(false)
    await time.tick(10_000)
    keeper.setActive(true)
    await time.tick(0)
    expect(asked, 'fresh: kept').to.have.length(1)
    keeper.setActive(false)
    await time.tick(100_000)
    keeper.setActive(true)
    await time.tick(0)
    expect(asked, 'past its renewal: asked again').to.have.length(2)
  })

  it('uses no reply the protocol refuses, and hands nothing on before a first answer', async () => {
    const hostile = {
      iceServers: [{ urls: ['http://evil.example/'] }],
      iceTransportPolicy: 'all',
      expiresAt: null,
    }
    const { keeper, asked, configs } = keeperWith(time, (n) =>
      n === 1 ? ok(hostile) : n === 2 ? refused : n === 3 ? 'reject' : ok(minted(time.now(), n, 'relay')),
    )
    keeper.setActive(true)
    await time.tick(0)
    // Guessing `all` could send a relay-only account's customer address to the agent: nothing yet.
    expect(configs).to.deep.equal([])
    expect(keeper.config).to.equal(null)
    await time.tick(ASK_RETRY_MS * 2)
    expect(configs).to.deep.equal([])
    await time.tick(ASK_RETRY_MS)
    expect(asked).to.have.length(4)
    expect(configs.map(({ inUse }) => inUse)).to.deep.equal([
      { iceTransportPolicy: 'relay', expiresAt: START + 3 * ASK_RETRY_MS + TTL_MS, received: 1 },
    ])
  })

  it('keeps relay-only and drops a dead credential when renewals fail past its end', async () => {
    const { keeper, configs } = keeperWith(time, (n) =>
      n === 1 ? ok(minted(time.now(), 1, 'relay')) : refused,
    )
    keeper.setActive(true)
    await time.tick(0)
    // Failed renewals keep what the page has while its credential lasts: no ICE restart for nothing.
    await time.tick(TTL_MS - 1)
    expect(configs).to.have.length(1)
    await time.tick(ASK_RETRY_MS)
    expect(configs).to.have.length(2)
    expect(configs[1]?.config).to.deep.equal({
      iceServers: [{ urls: ['stun:turn.example.test:3478'] }],
      iceTransportPolicy: 'relay',
      expiresAt: null,
    })
    await time.tick(ASK_RETRY_MS * 3)
    expect(configs, 'nothing new to hand on').to.have.length(2)
  })

  it('renews at 75% of the life left, never sooner than MIN_RENEW_MS (a clock off the server’s)', () => {
    const config = (expiresAt: number | null): IceConfig => ({
      iceServers: [],
      iceTransportPolicy: 'all',
      expiresAt,
    })
    expect(renewalAt(config(null), START)).to.equal(null)
    expect(renewalAt(config(START + 3_600_000), START)).to.equal(START + 2_700_000)
    expect(renewalAt(config(START - 120_000), START)).to.equal(START + MIN_RENEW_MS)
  })
})
