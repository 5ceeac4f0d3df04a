/**
 * The media path to each peer of a page, as the page shows it and its tests read it: the path's state
 * (services/ice-recovery) and, measured once a second (services/media-stats), which kind of candidate
 * carries it and the relay's transport. A notice says, in a word, what the people should hear of it.
 */
import type { CandidateType, RelayProtocol } from '../../src/protocol'
import { MEDIA_STATS_INTERVAL_MS } from '../../src/constants'
import { clock } from '../../src/services/clock'
import { readMediaSample, type MediaSample } from '../../src/services/media-stats'
import type { MediaPathState } from '../../src/services/peer'

/** The media path to one peer. */
export interface PeerMedia {
  state: MediaPathState
  /** The local candidate type of the selected pair (null until one is selected). */
  candidateType: CandidateType | null
  /** The relay's transport when the media is relayed. */
  relayProtocol: RelayProtocol | null
  /** Remote video frames decoded so far. */
  framesDecoded: number
}

/** What to tell the people about the media: nothing, it is coming back, or it could not connect. */
export type MediaNotice = 'reconnecting' | 'failed' | null

/**
 * The notice for a set of paths: `failed` when one never connected (worst first), `reconnecting` when
 * one is coming back, else none.
 *
 * @example
 * mediaNotice([{ state: 'connected', … }, { state: 'reconnecting', … }]) // 'reconnecting'
 */
export function mediaNotice(paths: Iterable<PeerMedia>): MediaNotice {
  let notice: MediaNotice = null
  for (const { state } of paths) {
    if (state === 'failed') return 'failed'
    if (state === 'reconnecting') notice = 'reconnecting'
  }
  return notice
}

/**
 * The paths of a page by peer id. `view` is the record the page exposes (`customerState.media`): kept
 * up to date in place. `changed` runs when the notice changes, not every second.
 *
 * @example
 * const paths = new MediaPaths((notice) => showNotice(notice))
 * const stop = paths.watch(() => mesh.mediaConnections())
 */
export class MediaPaths {
  /** The path to each peer, by peer id. */
  readonly view: Record<string, PeerMedia> = {}
  #notice: MediaNotice = null

  constructor(private readonly changed: (notice: MediaNotice) => void = () => undefined) {}

  // Peers whose media reached this page: a new connection to them (a reconnect, a network change that
  // took the socket too) is the media coming back, said `reconnecting`.
  readonly #reached = new Set<string>()

  /** The media connection to a peer is in `state` (`connecting` again, after it had come: `reconnecting`). */
  setState(peerId: string, state: MediaPathState): void {
    if (state === 'connected') this.#reached.add(peerId)
    this.#entry(peerId).state = state === 'connecting' && this.#reached.has(peerId) ? 'reconnecting' : state
    this.#noticeChanged()
  }

  /** A second of a peer's media was measured. */
  measured(peerId: string, sample: MediaSample): void {
    const entry = this.view[peerId]
    if (!entry) return
    entry.candidateType = sample.candidateType
    entry.relayProtocol = sample.relayProtocol
    entry.framesDecoded = sample.framesDecoded
  }

  /** The media connection to a peer is gone. */
  remove(peerId: string): void {
    delete this.view[peerId]
    this.#noticeChanged()
  }

  /** Forgets every path (the call is over). */
  clear(): void {
    for (const peerId of Object.keys(this.view)) delete this.view[peerId]
    this.#reached.clear()
    this.#noticeChanged()
  }

  /**
   * Measures every connection `connections` lists, once a second, until the returned function is called.
   * A read still under way is not started again; a connection gone mid-read is not measured.
   */
  watch(connections: () => Map<string, RTCPeerConnection>): () => void {
    const previous = new Map<RTCPeerConnection, MediaSample>()
    const reading = new Set<RTCPeerConnection>()
    const measure = () => {
      const now = connections()
      for (const connection of previous.keys())
        if (![...now.values()].includes(connection)) previous.delete(connection)
      for (const [peerId, connection] of now) {
        if (reading.has(connection)) continue
        reading.add(connection)
        readMediaSample(connection, previous.get(connection) ?? null)
          .then((sample) => {
            if (connections().get(peerId) !== connection) return
            previous.set(connection, sample)
            this.measured(peerId, sample)
          })
          // A connection closed during the read has nothing to say.
          .catch(() => undefined)
          .finally(() => reading.delete(connection))
      }
    }
    const timer = clock.setInterval(measure, MEDIA_STATS_INTERVAL_MS)
    return () => clock.clearInterval(timer)
  }

  #entry(peerId: string): PeerMedia {
    this.view[peerId] ??= { state: 'connecting', candidateType: null, relayProtocol: null, framesDecoded: 0 }
    return this.view[peerId]
  }

  #noticeChanged(): void {
    const notice = mediaNotice(Object.values(this.view))
    if (notice === this.#notice) return
    this.#notice = notice
    this.changed(notice)
  }
}
