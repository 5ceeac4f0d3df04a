import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { createPeerLink, type PeerLink } from '../../src/services/peer'

/** Every RTCPeerConnection made while `run` runs, through a subclass simple-peer picks up from `window`. */
async function recordingConnections<T>(run: (made: RTCPeerConnection[]) => Promise<T>): Promise<T> {
  const original = window.RTCPeerConnection
  const made: RTCPeerConnection[] = []
  window.RTCPeerConnection = class extends original {
    constructor(config?: RTCConfiguration) {
      super(config)
      made.push(this)
    }
  }
  try {
    return await run(made)
  } finally {
    window.RTCPeerConnection = original
  }
}

/** Two links of this page wired to each other, signals relayed in memory. */
function linkedPair(): { offerer: PeerLink; answerer: PeerLink; connected: Promise<void> } {
  let onOfferer: (data: Record<string, unknown>) => void = () => undefined
  let onAnswerer: (data: Record<string, unknown>) => void = () => undefined
  let up = 0
  let connectedResolve = () => undefined as void
  const connected = new Promise<void>((resolve) => (connectedResolve = resolve))
  const both = (count: number, done: () => void) => (count === 2 ? done() : undefined)
  const common = {
    stream: null,
    receiveMedia: false,
    onConnect: () => both(++up, connectedResolve),
    onClose: () => undefined,
  }
  const offerer = createPeerLink({
    ...common,
    initiator: true,
    channelName: 'test',
    onSignal: (data) => onAnswerer(data),
    onFrame: () => undefined,
  })
  const answerer = createPeerLink({
    ...common,
    initiator: false,
    onSignal: (data) => onOfferer(data),
    onFrame: () => undefined,
  })
  onAnswerer = (data) => answerer.signal(data)
  onOfferer = (data) => offerer.signal(data)
  return { offerer, answerer, connected }
}

describe('services/peer', () => {
  it('connects two links, and once closed leaves no handler on either RTCPeerConnection', async () => {
    await recordingConnections(async (made) => {
      const { offerer, answerer, connected } = linkedPair()
      await connected
      expect(offerer.connected && answerer.connected).to.equal(true)
      expect(made).to.have.length(2)
      // As at a hang-up: each side closes its own link.
      offerer.destroy()
      answerer.destroy()
      await waitUntil(() => made.every((pc) => pc.connectionState === 'closed'), 'connections closed', {
        timeout: 5000,
      })
      // A closed connection Chrome keeps a while must not keep the call's closures (and a listener) alive.
      for (const pc of made) {
        expect(pc.onconnectionstatechange === null, 'onconnectionstatechange cleared').to.equal(true)
        expect(pc.onicecandidate === null, 'onicecandidate cleared').to.equal(true)
        expect(pc.ontrack === null, 'ontrack cleared').to.equal(true)
      }
    })
  })
})
