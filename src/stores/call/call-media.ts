import { atom } from 'nanostores'
import type { Peer, SignalIn } from '../../protocol'
import { hasTrack, openCallStream, setTracksEnabled, stopStream } from '../../services/media'
import { captureAdviceOf } from '../../services/capture-advice'
import { importWithRetries } from '../../services/chunk-import'
import type { PeerLink, PeerLinkOptions } from '../../services/peer'
import { realtime } from '../session/connection'
import { sendSignal } from './send-signal'
import { notify } from '../app/toasts'
import { attachBackground } from '../profile/background-effect'
import { onCallCleanup } from './call-scope'
import { currentIce, prepareIce, trackIceLink } from './ice-config'
import { forgetMediaPath, mediaPathLeft, setMediaPath } from './media-path'

/** The agent's own camera and microphone in the call. */
export interface LocalMedia {
  stream: MediaStream | null
  /** Microphone on (not muted). */
  audio: boolean
  /** Camera on (not muted). */
  video: boolean
  /** The browser's message when the capture failed. */
  error: string | null
}

/** Someone else in the call, with their media once it arrives. */
export interface Participant {
  peerId: string
  name: string
  role: Peer['role']
  stream: MediaStream | null
  connected: boolean
}

const NO_MEDIA: LocalMedia = { stream: null, audio: false, video: false, error: null }

/** The agent's own media. */
export const $localMedia = atom<LocalMedia>(NO_MEDIA)

/** The other participants (customer, invited agents), in order of arrival. */
export const $participants = atom<Participant[]>([])

const links = new Map<string, { link: PeerLink; initiator: boolean; forgetIce: () => void }>()
let session = 0
let me = ''
let ready: Promise<void> = Promise.resolve()
let stopSocket: (() => void) | null = null
// The camera's own track; the stream may send a processed one instead (virtual background).
let camera: MediaStreamTrack | null = null
let detachBackground: (() => void) | null = null

function setParticipant(peerId: string, patch: Partial<Participant>): void {
  const list = $participants.get()
  const found = list.find((p) => p.peerId === peerId)
  const next: Participant = {
    peerId,
    name: '',
    role: 'customer',
    stream: null,
    connected: false,
    ...found,
    ...patch,
  }
  $participants.set(found ? list.map((p) => (p.peerId === peerId ? next : p)) : [...list, next])
}

function drop(peerId: string): void {
  const entry = links.get(peerId)
  entry?.forgetIce()
  entry?.link.destroy()
  links.delete(peerId)
}

// simple-peer and its Node shims are heavy: they load with the first call, not with the page. A chunk
// that does not come after a few tries is said once; a reconnect (rejoin) tries again.
let createPeerLink: ((options: PeerLinkOptions) => PeerLink) | null = null
async function loadPeer(mine: number): Promise<void> {
  if (createPeerLink) return
  try {
    createPeerLink = (await importWithRetries(() => import('../../services/peer'))).createPeerLink
  } catch (error) {
    console.warn('[agent-console] the call connection library could not be loaded', error)
    if (mine === session) notify({ variant: 'danger', messageId: 'call.media.libraryFailed' })
  }
}

function connect(peerId: string, initiator: boolean): PeerLink {
  drop(peerId)
  if (!createPeerLink) throw new Error('peer library not loaded')
  // Asked of the server before the first connection (`ready`), renewed while the call lasts.
  const ice = currentIce()
  const link = createPeerLink({
    initiator,
    stream: $localMedia.get().stream,
    iceServers: ice.iceServers,
    iceTransportPolicy: ice.iceTransportPolicy,
    onPathState: (state) => {
      if (links.get(peerId)?.link === link) setMediaPath(peerId, state)
    },
    onSignal: (data) => sendSignal(peerId, 'media', data),
    onStream: (stream) => setParticipant(peerId, { stream }),
    onConnect: () => setParticipant(peerId, { connected: true }),
    onError: (error) => console.warn('[agent-console] media connection failed', peerId, error),
    onClose: () => {
      const entry = links.get(peerId)
      if (entry?.link !== link) return
      entry.forgetIce()
      links.delete(peerId)
      forgetMediaPath(peerId)
      setParticipant(peerId, { connected: false, stream: null })
    },
  })
  links.set(peerId, { link, initiator, forgetIce: trackIceLink(link) })
  setMediaPath(peerId, 'connecting')
  return link
}

/** Sends `track` as the agent's video: in the local stream and to every participant, live (replaceTrack). */
function sendVideo(track: MediaStreamTrack): void {
  const media = $localMedia.get()
  const sent = media.stream?.getVideoTracks()[0]
  if (!media.stream || !sent || sent === track) return
  track.enabled = sent.enabled
  for (const { link } of links.values()) link.replaceVideoTrack(track)
  $localMedia.set({ ...media, stream: new MediaStream([...media.stream.getAudioTracks(), track]) })
}

async function openLocal(mine: number): Promise<void> {
  try {
    const stream = await openCallStream()
    if (mine !== session) return stopStream(stream)
    $localMedia.set({
      stream,
      audio: hasTrack(stream, 'audio'),
      video: hasTrack(stream, 'video'),
      error: null,
    })
    camera = stream.getVideoTracks()[0] ?? null
    if (camera) detachBackground = attachBackground(camera, sendVideo)
  } catch (error) {
    if (mine !== session) return
    const message = error instanceof Error ? error.message : String(error)
    $localMedia.set({ ...NO_MEDIA, error: message })
    const advice = captureAdviceOf(error)
    notify({
      variant: 'danger',
      messageId: 'call.media.error',
      values: { message },
      // Only with advice: 'none' would be an empty line under the message.
      ...(advice === 'none' ? {} : { detailId: 'media.captureAdvice' as const, detailValues: { advice } }),
    })
  }
}

async function onSignal({ from, channel, data }: SignalIn): Promise<void> {
  if (channel !== 'media') return
  const mine = session
  await ready
  if (mine !== session || !createPeerLink) return
  const existing = links.get(from)
  // An offer on a link we opened means the other side reconnected and starts over.
  const link =
    existing && !(data.type === 'offer' && existing.initiator) ? existing.link : connect(from, false)
  link.signal(data)
}

function listen(): () => void {
  const socket = realtime()
  const stops = [
    socket.on('signal', (signal) => void onSignal(signal)),
    socket.on('peer:join', ({ peer }) => {
      // A peer id coming again is a reconnect: its old connection is dead, it will send a new offer.
      drop(peer.id)
      // Said `reconnecting` when their media had come: it is coming back.
      setMediaPath(peer.id, 'connecting')
      setParticipant(peer.id, { name: peer.name, role: peer.role, stream: null, connected: false })
    }),
    socket.on('peer:leave', ({ peerId }) => {
      drop(peerId)
      mediaPathLeft(peerId)
      $participants.set($participants.get().filter((p) => p.peerId !== peerId))
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

function connectToAll(mine: number, peers: readonly Peer[]): void {
  void ready.then(() => {
    if (mine !== session || !createPeerLink) return
    for (const peer of peers) if (peer.id !== me) connect(peer.id, true)
  })
}

/**
 * Starts the call's media: opens camera and microphone, then, as the newcomer, connects to every
 * participant already present; later arrivals connect to us.
 *
 * @example
 * await startCallMedia(call.peerId, call.peers)
 */
export function startCallMedia(peerId: string, peers: readonly Peer[]): Promise<void> {
  stopCallMedia()
  const mine = ++session
  me = peerId
  $participants.set(
    peers
      .filter((peer) => peer.id !== peerId)
      .map((peer) => ({ peerId: peer.id, name: peer.name, role: peer.role, stream: null, connected: false })),
  )
  stopSocket = listen()
  // The ICE servers come with the camera and the library: no connection is made before all three.
  ready = Promise.all([openLocal(mine), loadPeer(mine), prepareIce()]).then(() => undefined)
  connectToAll(mine, peers)
  return ready
}

/** After a reconnect the agent is the newcomer again: every connection starts over, the camera stays. */
export function reconnectCallMedia(peerId: string, peers: readonly Peer[]): void {
  me = peerId
  for (const id of [...links.keys()]) drop(id)
  for (const peer of peers)
    if (peer.id !== peerId)
      setParticipant(peer.id, { name: peer.name, role: peer.role, stream: null, connected: false })
  // A library that did not load at the call's start is asked for again.
  const mine = session
  ready = ready.then(() => Promise.all([loadPeer(mine), prepareIce()])).then(() => undefined)
  connectToAll(mine, peers)
}

/**
 * The connection to a participant, for reading its statistics (`getStats()`); null while there is none.
 *
 * @example
 * const pc = mediaConnection(customer.peerId)
 */
export function mediaConnection(peerId: string): RTCPeerConnection | null {
  return links.get(peerId)?.link.connection ?? null
}

/** Ends the call's media: every connection closed, camera and microphone released. */
export function stopCallMedia(): void {
  session++
  stopSocket?.()
  stopSocket = null
  for (const id of [...links.keys()]) drop(id)
  detachBackground?.()
  detachBackground = null
  stopStream($localMedia.get().stream)
  camera?.stop()
  camera = null
  $localMedia.set(NO_MEDIA)
  $participants.set([])
}

function setEnabled(audio: boolean, video: boolean): void {
  const media = $localMedia.get()
  setTracksEnabled(media.stream, 'audio', audio)
  setTracksEnabled(media.stream, 'video', video)
  // The camera itself too, when a processed track is sent: off means nothing of the room is read.
  if (camera) camera.enabled = video
  $localMedia.set({
    ...media,
    audio: audio && hasTrack(media.stream, 'audio'),
    video: video && hasTrack(media.stream, 'video'),
  })
}

/** Mutes or unmutes the microphone (Alt+m). */
export function toggleAudio(): void {
  setEnabled(!$localMedia.get().audio, $localMedia.get().video)
}

/** Turns the camera off or on (Alt+c). */
export function toggleVideo(): void {
  setEnabled($localMedia.get().audio, !$localMedia.get().video)
}

/** Alt+t: when anything is on, everything goes off; when both are off, both come on. */
export function toggleAudioVideo(): void {
  const { audio, video } = $localMedia.get()
  const on = !(audio || video)
  setEnabled(on, on)
}

onCallCleanup(stopCallMedia)
