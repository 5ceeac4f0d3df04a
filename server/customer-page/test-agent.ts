// A stand-in agent for the end-to-end tests (demo/test-agent.html): logs in, goes available, answers
// the first call (or joins a meeting when told), and connects media and data peers like the console will.
import { io, type Socket } from 'socket.io-client'
import SimplePeer from 'simple-peer'
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
  SignalChannel,
} from '../../src/protocol'
import { dataChannelOf, routeFrames } from '../../src/services/peer'
import { FileExchange } from '../../src/services/transfer/file-exchange'

interface AgentState {
  status: string
  callId: string | null
  remoteTracks: number
  messages: string[]
  files: { name: string; intact: boolean }[]
  pending: PendingAuthorizations['data']
  appointments: Appointment[]
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
const peers = new Map<string, SimplePeer.Instance>()

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

function peerFor(peerId: string, channel: SignalChannel, initiator: boolean): SimplePeer.Instance {
  const key = `${peerId}|${channel}`
  const existing = peers.get(key)
  if (existing) return existing
  const peer = new SimplePeer({
    initiator,
    trickle: true,
    channelName: channel,
    ...(channel === 'media' ? { stream: local } : {}),
  })
  peers.set(key, peer)
  peer.on('signal', (data) =>
    socket.emit('signal', { to: peerId, channel, data: data as unknown as Record<string, unknown> }),
  )
  if (channel === 'media') peer.on('stream', (stream: MediaStream) => showRemote(peerId, stream))
  if (channel === 'files') {
    // Files from the customer, CRC-32 checked by the same exchange the console uses.
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
    routeFrames(peer, initiator, (frame) => exchange.receive(frame))
    peer.on('connect', () => {
      const dataChannel = dataChannelOf(peer)
      if (dataChannel) exchange.attach(dataChannel)
    })
    peer.on('close', () => exchange.close())
  }
  const forget = () => {
    if (peers.get(key) === peer) peers.delete(key)
    if (channel === 'media') showRemote(peerId, null)
  }
  peer.on('close', forget)
  peer.on('error', forget)
  return peer
}

function dropPeer(peerId: string): void {
  for (const [key, peer] of peers)
    if (key.startsWith(`${peerId}|`)) {
      peers.delete(key)
      peer.destroy()
    }
  showRemote(peerId, null)
}

let others: Peer[] = []
function joined(call: { peers: Peer[] }): void {
  others = call.peers
  for (const peer of call.peers) peerFor(peer.id, 'media', true)
}

socket.on('connect', () => {
  socket.emit('authenticate', {
    accessToken: login.accessToken,
    sessionId: crypto.randomUUID(),
    timezone: 'UTC',
  })
})
socket.on('authenticate', () => socket.emit('status', { status: params.get('status') ?? 'available' }))
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
socket.on('signal', ({ from, channel, data }) =>
  peerFor(from, channel, false).signal(data as unknown as SimplePeer.SignalData),
)
socket.on('peer:join', ({ peer }) => {
  dropPeer(peer.id)
  others = [...others.filter((other) => other.id !== peer.id), peer]
})
socket.on('peer:leave', ({ peerId }) => dropPeer(peerId))
socket.on('beamport:create', ({ channel }) => {
  // The agent opens data channels, towards the customer.
  for (const peer of others) if (peer.role === 'customer') peerFor(peer.id, channel, true)
})
socket.on('chat:message', (line) => state.messages.push(line.text))
socket.on('end', () => {
  state.callId = null
  for (const peer of [...peers.keys()]) dropPeer(peer.split('|')[0] as string)
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
