import { expect } from '@open-wc/testing'
import { frames, waitUntil } from '../support/waits'
import type { IceConfig, SignalOut } from '../../src/protocol'
import type { MediaPathState } from '../../src/services/peer'
import { PeerMesh, type DataChannelName, type MeshEvents } from '../../server/customer-page/peers'

const CUSTOMER = 'customer:c1'
const AGENT = 'agent:a1'
const NO_SERVERS: IceConfig = { iceServers: [], iceTransportPolicy: 'all', expiresAt: null }

/** What one side's mesh told its page. */
interface Told {
  streams: string[]
  streamEnds: string[]
  opened: string[]
  closed: string[]
  frames: (string | ArrayBuffer)[]
  states: MediaPathState[]
  candidates: string[]
  channels: Map<string, RTCDataChannel>
}

function listener(): { told: Told; events: MeshEvents } {
  const told: Told = {
    streams: [],
    streamEnds: [],
    opened: [],
    closed: [],
    frames: [],
    states: [],
    candidates: [],
    channels: new Map(),
  }
  const key = (peerId: string, channel: DataChannelName) => `${peerId}|${channel}`
  const events: MeshEvents = {
    onStream: (peerId) => told.streams.push(peerId),
    onStreamEnd: (peerId) => told.streamEnds.push(peerId),
    onChannelOpen: (peerId, channel, dataChannel) => {
      told.opened.push(key(peerId, channel))
      told.channels.set(key(peerId, channel), dataChannel)
    },
    onChannelClose: (peerId, channel) => told.closed.push(key(peerId, channel)),
    onFrame: (_peerId, _channel, frame) => told.frames.push(frame),
    onPathState: (_peerId, state) => told.states.push(state),
    onRemoteCandidates: (_peerId, candidates) => told.candidates.push(...candidates),
  }
  return { told, events }
}

/**
 * A customer's mesh and an agent's, signals relayed between them as the server would (asynchronously,
 * with the sender as `from`); every signal each side sent is kept for the test to read.
 */
function callBetween(stream: MediaStream) {
  const customer = listener()
  const agent = listener()
  const sent = { byCustomer: [] as SignalOut[], byAgent: [] as SignalOut[] }
  let meshes: { customer: PeerMesh; agent: PeerMesh } | null = null
  const relay = (from: string, list: SignalOut[], to: () => PeerMesh) => (signal: SignalOut) => {
    list.push(structuredClone(signal))
    setTimeout(() => to().receive({ from, channel: signal.channel, data: structuredClone(signal.data) }))
  }
  const customerMesh = new PeerMesh({
    send: relay(CUSTOMER, sent.byCustomer, () => meshes!.agent),
    local: stream,
    events: customer.events,
  })
  const agentMesh = new PeerMesh({
    send: relay(AGENT, sent.byAgent, () => meshes!.customer),
    local: stream,
    events: agent.events,
  })
  meshes = { customer: customerMesh, agent: agentMesh }
  return { ...meshes, told: { customer: customer.told, agent: agent.told }, sent }
}

type Call = ReturnType<typeof callBetween>

describe('customer page: the mesh of peer connections', () => {
  let stream: MediaStream
  let open: PeerMesh[] = []
  const call = (): Call => {
    const made = callBetween(stream)
    open.push(made.customer, made.agent)
    return made
  }
  before(async () => {
    stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
  })
  after(() => stream.getTracks().forEach((track) => track.stop()))
  afterEach(() => {
    for (const mesh of open) mesh.close()
    open = []
  })

  it('connects nothing before the ICE servers are known, then the newcomer’s media, in order', async () => {
    const { customer, agent, told, sent } = call()
    agent.setIce(NO_SERVERS)
    customer.connectTo([{ id: AGENT, role: 'agent', name: 'Ana' }], CUSTOMER)
    // Not a single signal left: the connection waits for the ICE servers (and their policy).
    await frames(3)
    expect(sent.byCustomer).to.deep.equal([])

    customer.setIce(NO_SERVERS)

    await waitUntil(
      () => told.customer.streams.length && told.agent.streams.length,
      'each side gets the other’s media',
      { timeout: 10_000 },
    )
    expect(sent.byCustomer[0]?.data.type, 'the customer offers').to.equal('offer')
    expect(told.customer.streams).to.deep.equal([AGENT])
    expect(told.agent.streams).to.deep.equal([CUSTOMER])
    await waitUntil(() => told.customer.states.includes('connected'), 'the customer’s path says connected')
    expect(told.customer.states[0]).to.equal('connecting')
    expect([...customer.mediaConnections().keys()]).to.deep.equal([AGENT])
    // The candidates the agent trickled reach the customer (a loaded machine may connect on peer-reflexive
    // ones first), each as its candidate string.
    await waitUntil(() => told.customer.candidates.length > 0, 'the agent’s candidates at the customer')
    for (const candidate of told.customer.candidates) expect(candidate).to.match(/^candidate:.* typ host/)
  })

  it('takes data channels the agent opens, frames both ways', async () => {
    const { customer, agent, told } = call()
    customer.setIce(NO_SERVERS)
    agent.setIce(NO_SERVERS)
    agent.open(CUSTOMER, 'files')

    await waitUntil(() => told.customer.opened.length && told.agent.opened.length, 'the channel opens', {
      timeout: 10_000,
    })
    expect(told.customer.opened).to.deep.equal([`${AGENT}|files`])
    told.agent.channels.get(`${CUSTOMER}|files`)!.send('hello')
    await waitUntil(() => told.customer.frames.includes('hello'), 'the frame at the customer')
    told.customer.channels.get(`${AGENT}|files`)!.send('back')
    await waitUntil(() => told.agent.frames.includes('back'), 'the frame at the agent')
    // Opening it again keeps the channel that is open (a transfer on it goes on).
    agent.open(CUSTOMER, 'files')
    await frames(3)
    expect(told.customer.closed).to.deep.equal([])
  })

  it('keeps a connection through new ICE servers (an ICE restart), but starts over on a fresh offer', async () => {
    const { customer, agent, told, sent } = call()
    customer.setIce(NO_SERVERS)
    agent.setIce(NO_SERVERS)
    agent.open(CUSTOMER, 'files')
    await waitUntil(() => told.customer.opened.length && told.agent.opened.length, 'the channel opens', {
      timeout: 10_000,
    })

    // Renewed credentials at the agent: its data channel's connection restarts ICE with a marked offer.
    agent.setIce({ ...NO_SERVERS, expiresAt: Date.now() + 60_000 })
    const restart = () =>
      sent.byAgent.find((signal) => signal.data.type === 'offer' && signal.data.iceRestart)
    await waitUntil(restart, 'the agent sends an ICE-restart offer', { timeout: 10_000 })
    await waitUntil(
      () => sent.byCustomer.filter((signal) => signal.data.type === 'answer').length >= 2,
      'the customer answers it',
      { timeout: 10_000 },
    )
    expect(told.customer.closed, 'the live channel stays').to.deep.equal([])
    told.agent.channels.get(`${CUSTOMER}|files`)!.send('still here')
    await waitUntil(() => told.customer.frames.includes('still here'), 'frames still flow')

    // The agent's page reloaded: a new mesh opens the channel again, a plain offer on the same key.
    const reloaded = listener()
    const again = new PeerMesh({
      send: (signal) =>
        setTimeout(() => customer.receive({ from: AGENT, channel: signal.channel, data: signal.data })),
      local: null,
      events: reloaded.events,
    })
    open.push(again)
    again.setIce(NO_SERVERS)
    again.open(CUSTOMER, 'files')
    await waitUntil(() => told.customer.closed.length, 'the old channel goes', { timeout: 10_000 })
    expect(told.customer.closed).to.deep.equal([`${AGENT}|files`])
  })

  it('drops a peer’s connections and what waited for the ICE servers with it', async () => {
    const { customer, told, sent } = call()
    customer.connectTo([{ id: AGENT, role: 'agent', name: 'Ana' }], CUSTOMER)
    customer.drop(AGENT)
    customer.setIce(NO_SERVERS)
    await frames(3)
    expect(sent.byCustomer, 'no connection to a peer gone').to.deep.equal([])
    expect(told.customer.streamEnds).to.deep.equal([AGENT])
    expect([...customer.mediaConnections()]).to.deep.equal([])
  })

  it('under relay-only, signals no candidate a TURN server did not give', async () => {
    const { customer, agent, told, sent } = call()
    // No TURN here: under `relay` the browser gathers nothing, and nothing else may go out either.
    const relayOnly: IceConfig = { iceServers: [], iceTransportPolicy: 'relay', expiresAt: null }
    customer.setIce(relayOnly)
    agent.setIce(relayOnly)
    customer.connectTo([{ id: AGENT, role: 'agent', name: 'Ana' }], CUSTOMER)
    const gathered = (mesh: PeerMesh, peerId: string) =>
      mesh.mediaConnections().get(peerId)?.iceGatheringState === 'complete'
    await waitUntil(
      () => gathered(customer, AGENT) && gathered(agent, CUSTOMER),
      'both sides gathered every candidate they may',
      { timeout: 10_000 },
    )
    await frames(3)
    const candidates = [...sent.byCustomer, ...sent.byAgent].filter((signal) => signal.data.candidate)
    for (const signal of candidates)
      expect((signal.data.candidate as { candidate: string }).candidate).to.match(/ typ relay|^$/)
    expect([...told.customer.candidates, ...told.agent.candidates]).to.deep.equal([])
  })
})
