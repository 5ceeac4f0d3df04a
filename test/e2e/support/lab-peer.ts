// A bare RTCPeerConnection in a page of the lab, signalled by the test process (offer, answer and
// trickled candidates passed from page to page): what the network itself allows, before any product
// code is involved.
import type { Page } from 'playwright-core'

/**
 * The page side, as source text (the test's TypeScript transform would add helpers the page lacks).
 * `window.labPeer`: a connection with one data channel, the candidates it gathered (to pass on), its
 * connection states in order, the messages received.
 */
const PAGE_SIDE = `
window.labPeer = {
  pc: null, channel: null, outbox: [], gathered: [], states: [], messages: [],
  start(config) {
    const peer = window.labPeer
    peer.pc = new RTCPeerConnection(config)
    peer.states.push(peer.pc.connectionState)
    peer.pc.onconnectionstatechange = () => peer.states.push(peer.pc.connectionState)
    peer.pc.onicecandidate = (event) => {
      if (!event.candidate || !event.candidate.candidate) return
      peer.outbox.push(event.candidate.toJSON())
      peer.gathered.push(event.candidate.type + '/' + (event.candidate.relayProtocol || event.candidate.protocol))
    }
    peer.pc.ondatachannel = (event) => peer.listen(event.channel)
  },
  listen(channel) {
    const peer = window.labPeer
    peer.channel = channel
    channel.onmessage = (event) => peer.messages.push(event.data)
  },
  async offer() {
    const peer = window.labPeer
    peer.listen(peer.pc.createDataChannel('lab'))
    await peer.pc.setLocalDescription()
    return peer.pc.localDescription.sdp
  },
  async answer(sdp) {
    const peer = window.labPeer
    await peer.pc.setRemoteDescription({ type: 'offer', sdp })
    await peer.pc.setLocalDescription()
    return peer.pc.localDescription.sdp
  },
  async accept(sdp) {
    await window.labPeer.pc.setRemoteDescription({ type: 'answer', sdp })
  },
  take() {
    return window.labPeer.outbox.splice(0)
  },
  async add(candidates) {
    for (const candidate of candidates) await window.labPeer.pc.addIceCandidate(candidate)
  },
  async send(text) {
    // The answerer's channel arrives, and opens, after the connection does (SCTP runs over DTLS).
    const peer = window.labPeer
    const deadline = Date.now() + 5000
    while (!peer.channel || peer.channel.readyState !== 'open') {
      if (Date.now() > deadline) throw new Error('the data channel did not open within 5 s')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    peer.channel.send(text)
  },
  async selected() {
    const stats = await window.labPeer.pc.getStats()
    let pair = null
    stats.forEach((report) => {
      if (report.type === 'transport' && report.selectedCandidatePairId) pair = stats.get(report.selectedCandidatePairId)
    })
    if (!pair) return null
    const local = stats.get(pair.localCandidateId)
    const remote = stats.get(pair.remoteCandidateId)
    return { local: local.candidateType, relayProtocol: local.relayProtocol || null, remote: remote.candidateType }
  },
}
`

/** A page's hand-made peer connection, driven from the test process. */
export interface LabPeer {
  page: Page
  /** Connection states so far, in order (`new`, `connecting`, `connected`, `failed`…). */
  states(): Promise<string[]>
  /** Candidates it gathered, as `type/protocol` (`host/udp`, `relay/tcp`…). */
  gathered(): Promise<string[]>
  /** The selected candidate pair: local and remote candidate types, the relay's transport. */
  selected(): Promise<{ local: string; relayProtocol: string | null; remote: string } | null>
  /** Sends a text over the data channel, once it is open. */
  send(text: string): Promise<void>
  /** Texts received over the data channel. */
  messages(): Promise<string[]>
}

/** Installs the page side in `page` and creates its connection with `config`. */
export async function labPeer(page: Page, config: RTCConfiguration): Promise<LabPeer> {
  await page.evaluate(PAGE_SIDE)
  await page.evaluate((value) => window.labPeer.start(value), config)
  return {
    page,
    states: () => page.evaluate(() => [...window.labPeer.states]),
    gathered: () => page.evaluate(() => [...window.labPeer.gathered]),
    selected: () => page.evaluate(() => window.labPeer.selected()),
    send: (text) => page.evaluate((value) => window.labPeer.send(value), text),
    messages: () => page.evaluate(() => [...window.labPeer.messages]),
  }
}

/**
 * Signals `offerer` to `answerer` (offer, answer), then passes trickled candidates both ways until
 * both are `connected`, either `failed`, or `timeoutMs` is over; resolves with the last states and
 * the time since the offer.
 */
export async function connectPeers(
  offerer: LabPeer,
  answerer: LabPeer,
  timeoutMs: number,
): Promise<{ offerer: string; answerer: string; ms: number }> {
  const start = Date.now()
  const offer = await offerer.page.evaluate(() => window.labPeer.offer())
  const answer = await answerer.page.evaluate((sdp) => window.labPeer.answer(sdp), offer)
  await offerer.page.evaluate((sdp) => window.labPeer.accept(sdp), answer)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [fromOfferer, fromAnswerer] = await Promise.all([
      offerer.page.evaluate(() => window.labPeer.take()),
      answerer.page.evaluate(() => window.labPeer.take()),
    ])
    await Promise.all([
      answerer.page.evaluate((list) => window.labPeer.add(list), fromOfferer),
      offerer.page.evaluate((list) => window.labPeer.add(list), fromAnswerer),
    ])
    const states = {
      offerer: await offerer.page.evaluate(() => window.labPeer.pc.connectionState),
      answerer: await answerer.page.evaluate(() => window.labPeer.pc.connectionState),
    }
    const done =
      (states.offerer === 'connected' && states.answerer === 'connected') ||
      states.offerer === 'failed' ||
      states.answerer === 'failed'
    if (done || Date.now() > deadline) return { ...states, ms: Date.now() - start }
    // Polled: the candidates and the states come in the browsers' own time.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

declare global {
  interface Window {
    /** The lab's hand-made peer connection (lab-peer.ts). */
    labPeer: {
      pc: RTCPeerConnection
      states: string[]
      gathered: string[]
      messages: string[]
      start(config: RTCConfiguration): void
      offer(): Promise<string>
      answer(sdp: string): Promise<string>
      accept(sdp: string): Promise<void>
      take(): RTCIceCandidateInit[]
      add(candidates: RTCIceCandidateInit[]): Promise<void>
      send(text: string): Promise<void>
      selected(): Promise<{ local: string; relayProtocol: string | null; remote: string } | null>
    }
  }
}
