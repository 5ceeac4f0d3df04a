import { expect } from '@open-wc/testing'
import { fakeClock } from '../support/fake-clock'
import { waitUntil, within } from '../support/waits'
import { ICE_RESTART_RESEND_MS } from '../../src/constants'
import {
  createPeerLink,
  type MediaPathState,
  type PeerLink,
  type PeerLinkOptions,
} from '../../src/services/peer'

type Signal = Record<string, unknown>

/**
 * Two links of this page wired to each other through an in-memory relay that a test can read (what each
 * side received) and cut (signals are dropped while `cut` is true).
 */
function wiredPair(extra: Partial<PeerLinkOptions> = {}) {
  const relay = { cut: false, toAnswerer: [] as Signal[], toOfferer: [] as Signal[], dropped: [] as Signal[] }
  const states = { offerer: [] as MediaPathState[], answerer: [] as MediaPathState[] }
  let offerer: PeerLink | null = null
  let answerer: PeerLink | null = null
  const closed = { offerer: false, answerer: false }
  const common = { stream: null, receiveMedia: false, ...extra }
  offerer = createPeerLink({
    ...common,
    initiator: true,
    channelName: 'test',
    onFrame: () => undefined,
    onPathState: (state) => states.offerer.push(state),
    onSignal: (data) => {
      if (relay.cut) return void relay.dropped.push(data)
      relay.toAnswerer.push(data)
      answerer?.signal(structuredClone(data))
    },
    onClose: () => (closed.offerer = true),
  })
  answerer = createPeerLink({
    ...common,
    initiator: false,
    onFrame: () => undefined,
    onPathState: (state) => states.answerer.push(state),
    onSignal: (data) => {
      if (relay.cut) return void relay.dropped.push(data)
      relay.toOfferer.push(data)
      offerer?.signal(structuredClone(data))
    },
    onClose: () => (closed.answerer = true),
  })
  return { offerer, answerer, relay, states, closed }
}

const both = (pair: ReturnType<typeof wiredPair>) => () => pair.offerer.connected && pair.answerer.connected
const candidateOf = (signal: Signal) =>
  (signal.candidate as { candidate?: string } | undefined)?.candidate ?? ''

describe('services/peer: ICE restart and relay-only', () => {
  let pairs: ReturnType<typeof wiredPair>[] = []
  const made = (extra: Partial<PeerLinkOptions> = {}) => {
    const pair = wiredPair(extra)
    pairs.push(pair)
    return pair
  }
  // Fake clocks a test installed, put back after it.
  const restores: (() => void)[] = []
  afterEach(() => {
    for (const restore of restores.splice(0)) restore()
    for (const { offerer, answerer } of pairs) {
      offerer.destroy()
      answerer.destroy()
    }
    pairs = []
  })

  it('an offerer’s restart sends an offer marked as an ICE restart, answered on the same live connection', async () => {
    const pair = made()
    await waitUntil(both(pair), 'the pair connects', { timeout: 10_000 })
    await waitUntil(() => pair.states.offerer.includes('connected'), 'the offerer says connected')
    const before = pair.offerer.connection
    const firstUfrag = /a=ice-ufrag:(\S+)/.exec(String(pair.relay.toAnswerer[0]?.sdp))?.[1]

    pair.offerer.restartIce()

    const restartOffer = () =>
      pair.relay.toAnswerer.find((signal) => signal.type === 'offer' && signal.iceRestart === true)
    await waitUntil(restartOffer, 'a restart offer reaches the answerer')
    const restart = restartOffer() as Signal
    const newUfrag = /a=ice-ufrag:(\S+)/.exec(String(restart.sdp))?.[1]
    expect(newUfrag, 'new ICE credentials').to.be.a('string').and.not.equal(firstUfrag)
    await waitUntil(
      () => pair.relay.toOfferer.filter((signal) => signal.type === 'answer').length === 2,
      'the answerer answers the restart',
    )
    await waitUntil(() => pair.offerer.connection?.signalingState === 'stable', 'negotiation settles')
    expect(pair.offerer.connection).to.equal(before)
    expect(pair.offerer.connected && pair.answerer.connected).to.equal(true)
    expect(pair.closed).to.deep.equal({ offerer: false, answerer: false })
    expect(pair.offerer.restarts).to.equal(1)
  })

  it('an answerer’s restart asks the offerer, which makes the new offer', async () => {
    const pair = made()
    await waitUntil(both(pair), 'the pair connects', { timeout: 10_000 })

    pair.answerer.restartIce()

    await waitUntil(
      () => pair.relay.toOfferer.some((signal) => signal.renegotiate === true && signal.iceRestart === true),
      'the answerer asks for a restart',
    )
    await waitUntil(
      () => pair.relay.toAnswerer.some((signal) => signal.type === 'offer' && signal.iceRestart === true),
      'the offerer sends a restart offer',
    )
    expect(pair.offerer.restarts).to.equal(1)
    expect(pair.closed).to.deep.equal({ offerer: false, answerer: false })
  })

  it('new ICE servers restart ICE with them on the live connection', async () => {
    const pair = made()
    await waitUntil(both(pair), 'the pair connects', { timeout: 10_000 })
    const servers = [{ urls: ['turn:127.0.0.1:9?transport=udp'], username: '1:x', credential: 'y' }]

    pair.offerer.setIce({ iceServers: servers, iceTransportPolicy: 'all' })

    expect(pair.offerer.connection?.getConfiguration().iceServers?.[0]?.username).to.equal('1:x')
    await waitUntil(
      () => pair.relay.toAnswerer.some((signal) => signal.type === 'offer' && signal.iceRestart === true),
      'a restart offer with the new servers',
    )
    expect(pair.offerer.restarts).to.equal(1)
  })

  it('one restart at a time: a request while a restart offer is out sends that same offer again, once no longer in flight', async () => {
    const time = fakeClock()
    restores.push(() => time.restore())
    const pair = made()
    await waitUntil(both(pair), 'the pair connects', { timeout: 10_000 })
    const restartOffers = () =>
      pair.relay.dropped.filter((signal) => signal.type === 'offer' && signal.iceRestart === true)
    const ufrags = () =>
      new Set(restartOffers().map((offer) => /a=ice-ufrag:(\S+)/.exec(String(offer.sdp))?.[1]))
    // Both sides notice the same break: the offerer restarts (its offer lost with the other side's socket)...
    pair.relay.cut = true
    pair.offerer.restartIce()
    await waitUntil(() => restartOffers().length === 1, 'the restart offer is out')
    // ...and the other side asks for one at once, before the offer reached it: in flight, nothing goes again.
    pair.offerer.signal({ type: 'renegotiate', renegotiate: true, iceRestart: true })
    expect(restartOffers()).to.have.length(1)
    // A second later it may have been lost with the other side's socket: asked again, the offer goes again,
    // not a new restart.
    await time.tick(ICE_RESTART_RESEND_MS)
    pair.offerer.signal({ type: 'renegotiate', renegotiate: true, iceRestart: true })
    pair.offerer.restartIce()
    expect(restartOffers()).to.have.length(3)
    expect(ufrags().size).to.equal(1)
    // The request followed the restart under way up: it started none.
    expect(pair.offerer.restarts).to.equal(2)
    expect(pair.offerer.connection?.signalingState).to.equal('have-local-offer')

    // The offer sent again reaches the answerer this time, and the path settles on one restart.
    pair.relay.cut = false
    pair.offerer.restartIce()
    await waitUntil(() => pair.offerer.connection?.signalingState === 'stable', 'the restart is answered')
    expect(ufrags().size).to.equal(1)
    expect(pair.closed).to.deep.equal({ offerer: false, answerer: false })
  })

  it('the answerer takes new ICE servers for its next restart without starting one', async () => {
    const pair = made()
    await waitUntil(both(pair), 'the pair connects', { timeout: 10_000 })
    const before = pair.relay.toOfferer.length
    pair.answerer.setIce({
      iceServers: [{ urls: ['turn:127.0.0.1:9?transport=udp'], username: '2:x', credential: 'y' }],
      iceTransportPolicy: 'all',
    })
    expect(pair.answerer.connection?.getConfiguration().iceServers?.[0]?.username).to.equal('2:x')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(pair.relay.toOfferer.slice(before).filter((signal) => signal.renegotiate === true)).to.deep.equal(
      [],
    )
    expect(pair.answerer.restarts).to.equal(0)
  })

  it('with relay-only and no TURN server no candidate leaves either side, and media is said failed, not closed', async () => {
    const pair = made({ iceTransportPolicy: 'relay' })
    // Without relay-only the same pair signals host candidates (the check below would see them).
    const open = made()
    await waitUntil(
      () => open.relay.toAnswerer.some((signal) => candidateOf(signal).includes(' typ host')),
      'host candidates without relay-only',
    )

    await within(
      new Promise<void>((resolve) => {
        const check = () =>
          pair.offerer.connection?.iceGatheringState === 'complete' ? resolve() : setTimeout(check, 50)
        check()
      }),
      10_000,
      'gathering completes',
    )
    const sent = [...pair.relay.toAnswerer, ...pair.relay.toOfferer].map(candidateOf).filter(Boolean)
    expect(sent.filter((candidate) => !candidate.includes(' typ relay'))).to.deep.equal([])
    expect(pair.offerer.connected).to.equal(false)
    expect(pair.closed.offerer).to.equal(false)
  })
})
