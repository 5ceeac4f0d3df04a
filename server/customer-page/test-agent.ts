// A stand-in agent for the end-to-end tests (demo/test-agent.html): logs in, goes available, answers
// the first call (or joins a meeting when told), and connects media and data peers like the console will:
// with the ICE servers of `ice:servers`, ICE restarts on a network change, the media path measured.
import { io, type Socket } from 'socket.io-client'
import type {
  Appointment,
  AppointmentsFound,
  Call,
  ClientToServerEvents,
  LoginResponse,
  MeetingJoined,
  Peer,
  PendingAuthorizations,
  ServerToClientEvents,
} from '../../src/protocol'
import { FileExchange } from '../../src/services/transfer/file-exchange'
import { PeerMesh } from './peers'
import { IceKeeper, type IceInUse } from './ice-keeper'
import { MediaPaths, type PeerMedia } from './media-paths'

interface AgentState {
  status: string
  callId: string | null
  remoteTracks: number
  messages: string[]
  files: { name: string; intact: boolean }[]
  pending: PendingAuthorizations['data']
  appointments: Appointment[]
  /** The media path to each peer, by peer id: its state and what carries it (measured once a second). */
  media: Record<string, PeerMedia>
  /** Every ICE candidate received through the signalling. */
  remoteCandidates: string[]
  /** The ICE config in use (null before the server answered) and how many the page received. */
  ice: IceInUse | null
}
declare global {
  interface Window {
    agentState: AgentState
    agentActions: {
      chat(text: string): void
      hangup(): void
      joinMeeting(appointmentId: string): void
      accept(sessionId: string): void
      openFiles(): void
      findAppointments(date: string, timezone: string): void
    }
  }
}

const params = new URLSearchParams(location.search)
const state: AgentState = {
  status: 'starting',
  callId: null,
  remoteTracks: 0,
  messages: [],
  files: [],
  pending: [],
  appointments: [],
  media: {},
  remoteCandidates: [],
  ice: null,
}
window.agentState = state
const say = (text: string) => {
  state.status = text
  const element = document.getElementById('status')
  if (element) element.textContent = text
}

const local = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
;(document.getElementById('local') as HTMLVideoElement).srcObject = local

const response = await fetch('/api/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: params.get('email'), password: params.get('password'), agreement: true }),
})
const login = (await response.json()) as LoginResponse
const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(location.origin, {
  path: '/ws',
  transports: ['websocket'],
})
function showRemote(peerId: string, stream: MediaStream | null): void {
  const container = document.getElementById('remote') as HTMLElement
  let video = container.querySelector<HTMLVideoElement>(`video[data-peer="${CSS.escape(peerId)}"]`)
  if (!stream) video?.remove()
  else {
    video ??= Object.assign(document.createElement('video'), {
      autoplay: true,
      playsInline: true,
      muted: true,
    })
    video.dataset.peer = peerId
    video.srcObject = stream
    container.append(video)
  }
  state.remoteTracks = container.querySelectorAll('video').length
}

// Files from the customer, CRC-32 checked by the same exchange the console uses: one per files channel.
const exchanges = new Map<string, FileExchange>()
function filesExchange(dataChannel: RTCDataChannel): FileExchange {
  const names = new Map<string, string>()
  const exchange = new FileExchange({
    incoming: (offer) => names.set(offer.id, offer.name),
    progress: () => undefined,
    received: (id) => state.files.push({ name: names.get(id) ?? id, intact: true }),
    sent: () => undefined,
    failed: (id, reason) => {
      if (reason === 'crc') state.files.push({ name: names.get(id) ?? id, intact: false })
    },
  })
  exchange.attach(dataChannel)
  return exchange
}

const paths = new MediaPaths()
state.media = paths.view
const mesh = new PeerMesh({
  send: (signal) => socket.emit('signal', signal),
  local,
  events: {
    onStream: (peerId, stream) => showRemote(peerId, stream),
    onStreamEnd(peerId) {
      showRemote(peerId, null)
      paths.remove(peerId)
    },
    onChannelOpen(peerId, channel, dataChannel) {
      if (channel === 'files') exchanges.set(peerId, filesExchange(dataChannel))
    },
    onChannelClose(peerId, channel) {
      if (channel !== 'files') return
      exchanges.get(peerId)?.close()
      exchanges.delete(peerId)
    },
    onFrame(peerId, channel, frame) {
      if (channel === 'files') exchanges.get(peerId)?.receive(frame)
    },
    onPathState: (peerId, pathState) => paths.setState(peerId, pathState),
    onRemoteCandidates: (_peerId, candidates) => state.remoteCandidates.push(...candidates),
  },
})
paths.watch(() => mesh.mediaConnections())
const ice = new IceKeeper({
  ask: () => socket.timeout(15_000).emitWithAck('ice:servers', {}),
  onConfig(config, inUse) {
    state.ice = inUse
    mesh.setIce(config)
  },
})

let others: Peer[] = []
function joined(call: { peers: Peer[] }): void {
  others = call.peers
  mesh.connectTo(call.peers, '')
}

socket.on('connect', () => {
  socket.emit('authenticate', {
    accessToken: login.accessToken,
    sessionId: crypto.randomUUID(),
    timezone: 'UTC',
  })
})
socket.on('authenticate', () => {
  socket.emit('status', { status: params.get('status') ?? 'available' })
  // Signed in: the ICE servers can be asked (the mesh waits for them), and are renewed from now on.
  void ice.ensure()
  ice.setActive(true)
})
socket.on('agent:status:update', (update) =>
  say(update.inCall ? 'in call' : update.available ? 'available' : update.status),
)
socket.on('inbound', (call) => socket.emit('answer', { callId: call.id }))
socket.on('join', (call: Call) => {
  state.callId = call.id
  joined(call)
})
socket.on('rejoin', (call: Call) => {
  state.callId = call.id
  joined(call)
})
socket.on('meeting:join', (meeting: MeetingJoined) => {
  state.callId = meeting.appointment.id
  state.pending = meeting.pendingAuthorizations
  joined(meeting)
})
socket.on('meeting:pending:authorizations', (list) => (state.pending = list.data))
socket.on('signal', (signal) => mesh.receive(signal))
socket.on('peer:join', ({ peer }) => {
  mesh.drop(peer.id)
  others = [...others.filter((other) => other.id !== peer.id), peer]
})
socket.on('peer:leave', ({ peerId }) => mesh.drop(peerId))
socket.on('beamport:create', ({ channel }) => {
  // The agent opens data channels, towards the customer.
  for (const peer of others) if (peer.role === 'customer') mesh.open(peer.id, channel)
})
socket.on('chat:message', (line) => state.messages.push(line.text))
socket.on('end', () => {
  state.callId = null
  for (const peer of others) mesh.drop(peer.id)
  mesh.close()
})

window.agentActions = {
  chat: (text) => socket.emit('chat:message', { text }),
  hangup: () => socket.emit('hangup', {}),
  joinMeeting: (appointment) => socket.emit('meeting:join', { appointment }),
  accept: (sessionId) => socket.emit('meeting:accept', { sessionId }),
  openFiles: () => socket.emit('beamport:open', { channel: 'files' }),
  findAppointments: (date, timezone) => socket.emit('appointments:find', { date, timezone }),
}
socket.on('appointments:find', (found: AppointmentsFound) => (state.appointments = found.data))
