import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import {
  MediaPaths,
  mediaNotice,
  type MediaNotice,
  type PeerMedia,
} from '../../server/customer-page/media-paths'

const path = (state: PeerMedia['state']): PeerMedia => ({
  state,
  candidateType: null,
  relayProtocol: null,
  framesDecoded: 0,
})

/** A connection of this page sending the fake camera to another, candidates exchanged in memory. */
async function mediaPair(): Promise<{ a: RTCPeerConnection; b: RTCPeerConnection; stop(): void }> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true })
  const a = new RTCPeerConnection()
  const b = new RTCPeerConnection()
  a.onicecandidate = (event) => event.candidate && void b.addIceCandidate(event.candidate)
  b.onicecandidate = (event) => event.candidate && void a.addIceCandidate(event.candidate)
  for (const track of stream.getTracks()) a.addTrack(track, stream)
  await a.setLocalDescription(await a.createOffer())
  await b.setRemoteDescription(a.localDescription!)
  await b.setLocalDescription(await b.createAnswer())
  await a.setRemoteDescription(b.localDescription!)
  return {
    a,
    b,
    stop: () => {
      a.close()
      b.close()
      stream.getTracks().forEach((track) => track.stop())
    },
  }
}

describe('customer page: the media path to each peer', () => {
  it('tells of a path that failed before one coming back, and of nothing while all are fine', () => {
    expect(mediaNotice([])).to.equal(null)
    expect(mediaNotice([path('connecting'), path('connected')])).to.equal(null)
    expect(mediaNotice([path('connected'), path('reconnecting')])).to.equal('reconnecting')
    expect(mediaNotice([path('reconnecting'), path('failed'), path('connected')])).to.equal('failed')
  })

  it('says a new connection to a peer whose media had come is the media coming back, until a new call', () => {
    const said: MediaNotice[] = []
    const paths = new MediaPaths((notice) => said.push(notice))
    paths.setState('agent:1', 'connecting')
    expect(said).to.deep.equal([])
    paths.setState('agent:1', 'connected')
    // The agent reconnected (a network change took the socket too): the old link goes, a new one starts.
    paths.remove('agent:1')
    paths.setState('agent:1', 'connecting')
    expect(paths.view['agent:1']?.state).to.equal('reconnecting')
    paths.setState('agent:1', 'connected')
    expect(said).to.deep.equal(['reconnecting', null])
    paths.clear()
    paths.setState('agent:1', 'connecting')
    expect(paths.view['agent:1']?.state).to.equal('connecting')
  })

  it('says a change of notice once, not at every state', () => {
    const said: MediaNotice[] = []
    const paths = new MediaPaths((notice) => said.push(notice))
    paths.setState('agent:1', 'connecting')
    paths.setState('agent:1', 'connected')
    paths.setState('agent:1', 'reconnecting')
    paths.setState('agent:2', 'reconnecting')
    paths.setState('agent:1', 'connected')
    paths.setState('agent:2', 'failed')
    paths.remove('agent:2')
    expect(said).to.deep.equal(['reconnecting', 'failed', null])
    expect(paths.view).to.deep.equal({ 'agent:1': path('connected') })
    paths.clear()
    expect(paths.view).to.deep.equal({})
  })

  it('measures each connection once a second: what carries it and the frames decoded', async () => {
    const pair = await mediaPair()
    const paths = new MediaPaths()
    paths.setState('agent:1', 'connected')
    const stop = paths.watch(() => new Map([['agent:1', pair.b]]))
    try {
      await waitUntil(() => (paths.view['agent:1']?.framesDecoded ?? 0) > 0, 'video measured', {
        timeout: 15_000,
        interval: 200,
      })
      expect(paths.view['agent:1']).to.include({
        state: 'connected',
        candidateType: 'host',
        relayProtocol: null,
      })
    } finally {
      stop()
      pair.stop()
    }
  })
})
