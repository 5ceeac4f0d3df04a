import { expect } from '@open-wc/testing'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import {
  watchIce,
  type IceRecovery,
  type MediaPathState,
  type RestartKind,
} from '../../src/services/ice-recovery'
import {
  ICE_RESTART_RETRY_MS,
  MEDIA_CONNECT_TIMEOUT_MS,
  MEDIA_STALL_CHECK_MS,
  MEDIA_STALL_MS,
} from '../../src/constants'

/** An RTCPeerConnection's ICE state, driven by the test (the browser's own cannot be made to fail on cue). */
class IceStates extends EventTarget {
  iceConnectionState: RTCIceConnectionState = 'new'
  signalingState: RTCSignalingState = 'stable'
  go(state: RTCIceConnectionState) {
    this.iceConnectionState = state
    this.dispatchEvent(new Event('iceconnectionstatechange'))
  }
}

describe('services/ice-recovery', () => {
  let time: FakeClock
  let ice: IceStates
  let said: MediaPathState[]
  let restarts: number
  let recovery: IceRecovery
  beforeEach(() => {
    time = fakeClock()
    ice = new IceStates()
    said = []
    restarts = 0
    recovery = watchIce({
      connection: ice as unknown as RTCPeerConnection,
      restart: () => restarts++,
      onState: (state) => said.push(state),
    })
  })
  afterEach(() => {
    recovery.stop()
    time.restore()
  })

  it('says connected, then reconnecting with a restart at once when the path drops, then connected again', async () => {
    ice.go('checking')
    ice.go('connected')
    expect(said).to.deep.equal(['connected'])
    ice.go('disconnected')
    expect(said).to.deep.equal(['connected', 'reconnecting'])
    expect(restarts).to.equal(1)
    ice.go('connected')
    expect(said).to.deep.equal(['connected', 'reconnecting', 'connected'])
    // Back up: no retry is left armed.
    await time.tick(ICE_RESTART_RETRY_MS * 10)
    expect(restarts).to.equal(1)
    expect(recovery.restarts).to.equal(1)
  })

  it('tries again, less often each time, while the path stays down', async () => {
    ice.go('connected')
    ice.go('failed')
    expect(restarts).to.equal(1)
    await time.tick(ICE_RESTART_RETRY_MS - 1)
    expect(restarts).to.equal(1)
    await time.tick(1)
    expect(restarts).to.equal(2)
    // The next wait is twice as long.
    await time.tick(ICE_RESTART_RETRY_MS * 2 - 1)
    expect(restarts).to.equal(2)
    await time.tick(1)
    expect(restarts).to.equal(3)
    expect(said).to.deep.equal(['connected', 'reconnecting'])
  })

  it('says failed when the media has not connected in time, and keeps trying', async () => {
    ice.go('checking')
    await time.tick(MEDIA_CONNECT_TIMEOUT_MS - 1)
    expect(said).to.deep.equal([])
    await time.tick(1)
    expect(said).to.deep.equal(['failed'])
    expect(restarts).to.equal(1)
    // A path found later (new servers, a network change) clears it.
    ice.go('connected')
    expect(said).to.deep.equal(['failed', 'connected'])
  })

  it('says failed at once when ICE fails before ever connecting', () => {
    ice.go('checking')
    ice.go('failed')
    expect(said).to.deep.equal(['failed'])
    expect(restarts).to.equal(1)
  })

  it('does nothing once stopped', async () => {
    recovery.stop()
    ice.go('connected')
    ice.go('failed')
    await time.tick(MEDIA_CONNECT_TIMEOUT_MS * 2)
    expect(said).to.deep.equal([])
    expect(restarts).to.equal(0)
  })

  describe('with a media watchdog', () => {
    let packets: number
    let watched: IceRecovery
    // What each call of `restart` was: a new restart, or a follow-up of the one under way.
    let kinds: RestartKind[]
    beforeEach(() => {
      recovery.stop()
      packets = 0
      kinds = []
      watched = watchIce({
        connection: ice as unknown as RTCPeerConnection,
        restart: (kind) => {
          restarts++
          kinds.push(kind)
        },
        onState: (state) => said.push(state),
        packetsReceived: () => Promise.resolve(packets),
      })
      recovery = watched
    })

    it('says reconnecting and restarts when media stops while ICE still says connected, and connected once it flows', async () => {
      ice.go('connected')
      packets = 100
      await time.tick(MEDIA_STALL_CHECK_MS)
      // The NAT dropped its mapping: no packet arrives, ICE notices nothing yet.
      await time.tick(MEDIA_STALL_MS - MEDIA_STALL_CHECK_MS)
      expect(said).to.deep.equal(['connected'])
      await time.tick(MEDIA_STALL_CHECK_MS)
      expect(said).to.deep.equal(['connected', 'reconnecting'])
      expect(restarts).to.equal(1)
      // Still down: the restart is tried again on its own schedule, not at every check.
      await time.tick(ICE_RESTART_RETRY_MS)
      expect(restarts).to.equal(2)
      packets = 150
      await time.tick(MEDIA_STALL_CHECK_MS)
      expect(said).to.deep.equal(['connected', 'reconnecting', 'connected'])
      // Flowing again: no retry is left armed.
      for (let second = 0; second < 20; second++) {
        packets += 50
        await time.tick(1_000)
      }
      expect(restarts).to.equal(2)
      expect(said).to.deep.equal(['connected', 'reconnecting', 'connected'])
    })

    it('says reconnecting when the other side asks for a restart of flowing media, until it flows again', async () => {
      ice.go('connected')
      packets = 100
      await time.tick(MEDIA_STALL_CHECK_MS)
      watched.restartAsked()
      expect(said).to.deep.equal(['connected', 'reconnecting'])
      expect(restarts).to.equal(1)
      packets = 120
      await time.tick(MEDIA_STALL_CHECK_MS)
      expect(said).to.deep.equal(['connected', 'reconnecting', 'connected'])
    })

    it('starts one restart at a time: a request crossing its own restart starts none, its retry follows it up', async () => {
      ice.go('connected')
      packets = 100
      await time.tick(MEDIA_STALL_MS + MEDIA_STALL_CHECK_MS)
      expect(restarts).to.equal(1)
      // The other side noticed the same break and asked, just after this side restarted: a follow-up only.
      await time.tick(200)
      watched.restartAsked()
      ice.go('disconnected')
      expect(kinds).to.deep.equal(['new', 'follow-up', 'follow-up'])
      expect(watched.restarts).to.equal(1)
      expect(said).to.deep.equal(['connected', 'reconnecting'])
      // That restart did not bring the media back: tried again on its own schedule.
      await time.tick(ICE_RESTART_RETRY_MS - 200)
      expect(kinds.at(-1)).to.equal('new')
      expect(watched.restarts).to.equal(2)
      // New ICE servers are taken at once, restart or not.
      watched.restartNow()
      expect(kinds.at(-1)).to.equal('new')
      expect(watched.restarts).to.equal(3)
    })

    it('says nothing of a connection whose media never flowed (nothing to miss)', async () => {
      ice.go('connected')
      await time.tick(MEDIA_STALL_MS * 5)
      expect(said).to.deep.equal(['connected'])
      expect(restarts).to.equal(0)
    })

    it('keeps still while media flows', async () => {
      ice.go('connected')
      for (let second = 0; second < 10; second++) {
        packets += 50
        await time.tick(1_000)
      }
      expect(said).to.deep.equal(['connected'])
      expect(restarts).to.equal(0)
    })
  })
})
