// The customer page (demo/customer.html): call a segment, or join an appointment's meeting, over the
// reference server's customer namespace, with camera, chat and files peer to peer with the agent.
import type SimplePeer from 'simple-peer'
import type { CallJoined, MeetingAccepted, MeetingWaiting, QueueStatus } from '../../src/protocol'
import { connectCustomer, customerSessionId, request } from './connection'
import { PeerMesh } from './peers'
import { receiveFiles, sendFile } from './file-transfer'
import { grabFrame, openLocalMedia } from './local-media'
import { addChatLine, addFile, byId, remoteVideo, show, ticker } from './view'
import { startDeviceApp, type DeviceAppState } from './device-app'

/** What tests read: the state of the page, without scraping the DOM. */
interface CustomerState {
  screen: string
  callId: string | null
  remoteTracks: number
  messages: string[]
  files: { name: string; intact: boolean }[]
  /** The device app simulator (shown when the segment runs the account's app, or with `?app=`). */
  app: DeviceAppState
}
declare global {
  interface Window {
    customerState: CustomerState
  }
}

const params = new URLSearchParams(location.search)
const meetingCode = params.get('meeting')
const state: CustomerState = {
  screen: 'setup',
  callId: null,
  remoteTracks: 0,
  messages: [],
  files: [],
  app: { name: '', running: false, commands: [], sent: [] },
}
window.customerState = state

const sessionId = customerSessionId()
const socket = connectCustomer(sessionId)
const media = await openLocalMedia()
const preview = byId<HTMLVideoElement>('preview')
preview.srcObject = media.stream
byId<HTMLVideoElement>('self-view').srcObject = media.stream
byId('media-status').textContent = media.error
  ? `Camera: ${media.camera ? 'on' : 'off'} · microphone: ${media.microphone ? 'on' : 'off'} (${media.error})`
  : 'Camera and microphone are ready.'

let myName = params.get('name') ?? ''
let stopTimer: () => void = () => undefined
let filesPeer: SimplePeer.Instance | null = null
let capturePeer: SimplePeer.Instance | null = null
let agentPeerId: string | null = null
/** The app of the segment called (null: the segment's customers run none). */
let segmentApp: { name: string; label: string } | null = null
/** Stops the device app; null while it is not playing (a rejoin of the same call keeps it). */
let stopDeviceApp: (() => void) | null = null
// `?app=1` plays the app in any segment (or meeting); `?app=<name>` also names it.
const appSwitch = params.get('app')

const mesh = new PeerMesh(socket, media.stream, {
  onStream(peerId, stream) {
    remoteVideo(peerId, stream)
    state.remoteTracks = document.querySelectorAll('#remote-videos video').length
  },
  onStreamEnd(peerId) {
    remoteVideo(peerId, null)
    state.remoteTracks = document.querySelectorAll('#remote-videos video').length
  },
  onData(peerId, channel, peer) {
    agentPeerId = peerId
    if (channel === 'files') {
      filesPeer = peer
      receiveFiles(peer, (file) => {
        state.files.push({ name: file.name, intact: file.intact })
        addFile(
          file.name,
          file.intact ? '(received)' : '(damaged: CRC-32 mismatch)',
          file.intact ? file.blob : undefined,
        )
      })
    } else capturePeer = peer
  },
})

function goTo(screen: Parameters<typeof show>[0]): void {
  stopTimer()
  state.screen = screen
  show(screen)
}

/** The app this page plays in the call, if any. */
function deviceApp(): { name: string; label: string } | null {
  if (segmentApp) return segmentApp
  if (!appSwitch || appSwitch === '0') return null
  const name = appSwitch === '1' ? (forcedApp?.name ?? 'onboarding') : appSwitch
  return { name, label: forcedApp?.name === name ? forcedApp.label : name }
}

function enterCall(agent: string, peers: CallJoined['peers'], initiator: boolean): void {
  goTo('call')
  const app = deviceApp()
  if (app && !stopDeviceApp) stopDeviceApp = startDeviceApp(socket, app, myName, state.app)
  byId('agent-name').textContent = agent ? `You are talking with ${agent}` : 'In the meeting'
  if (initiator) mesh.connectTo(peers)
}

function endScreen(message: string): void {
  stopDeviceApp?.()
  stopDeviceApp = null
  mesh.close()
  filesPeer = capturePeer = null
  state.callId = null
  byId('ended-message').textContent = message
  goTo('ended')
}

/** A segment the page may call, with the account's app and whether its customers run it. */
interface PublicSegment {
  id: string
  name: string
  account: string
  app: { name: string; label: string } | null
  appsEnabled: boolean
}
let segments: PublicSegment[] = []
/** The app `?app=1` plays: the first segment's account app. */
let forcedApp: { name: string; label: string } | null = null

async function loadSegments(): Promise<void> {
  const select = byId<HTMLSelectElement>('call-form').querySelector('select') as HTMLSelectElement
  const response = await fetch('/api/public/segments')
  segments = ((await response.json()) as { data: PublicSegment[] }).data
  for (const segment of segments) {
    const label = `${segment.name} (${segment.account})${segment.appsEnabled && segment.app ? ' · device app' : ''}`
    select.add(new Option(label, segment.id))
  }
  const wanted = params.get('segment')
  if (wanted) select.value = wanted
}

// Setup: the form calls a segment, or joins the meeting of the link.
const form = byId<HTMLFormElement>('call-form')
;(form.elements.namedItem('name') as HTMLInputElement).value = myName
if (meetingCode) {
  byId('title').textContent = 'Your appointment'
  byId('segment-field').hidden = true
  ;(form.elements.namedItem('segment') as HTMLSelectElement).required = false
  byId('call-button').textContent = 'Join the meeting'
} else await loadSegments()

form.addEventListener('submit', (event) => {
  event.preventDefault()
  myName = (form.elements.namedItem('name') as HTMLInputElement).value.trim()
  void (meetingCode
    ? joinMeeting(meetingCode)
    : callSegment((form.elements.namedItem('segment') as HTMLSelectElement).value))
})
// Ready: camera asked for, the form filled and handled here. Only now may the customer type and call.
byId<HTMLFieldSetElement>('call-fields').disabled = false

async function callSegment(segment: string): Promise<void> {
  const chosen = segments.find((candidate) => candidate.id === segment)
  segmentApp = chosen?.appsEnabled ? chosen.app : null
  forcedApp = chosen?.app ?? null
  const reply = await request<QueueStatus>(socket, 'queue:join', {
    segment,
    name: myName,
    referrer: location.href,
    ticketId: params.get('ticket') ?? undefined,
  })
  if (!reply.ok) return alert(reply.error.message)
  socket.emit('permissions', { camera: media.camera, microphone: media.microphone })
  showQueue(reply.data)
}

function showQueue(status: QueueStatus): void {
  state.callId = status.callId
  if (state.screen !== 'queue') {
    goTo('queue')
    stopTimer = ticker(byId('queue-time'), Date.parse(status.queuedAt))
  }
  byId('queue-position').textContent = String(status.position)
  byId('queue-segment').textContent = status.segment.name
}

async function joinMeeting(code: string): Promise<void> {
  const reply = await request<MeetingWaiting>(socket, 'meeting:join', { code, name: myName })
  if (!reply.ok) return endScreen(reply.error.message)
}

socket.on('queue:status', showQueue)
socket.on('call:joined', (joined) => {
  state.callId = joined.callId
  for (const line of joined.messages) addChatLine(line.name, line.text, line.from === 'customer')
  enterCall(joined.agent, joined.peers, joined.initiator)
})
socket.on('call:ended', ({ reason }) => {
  // Nothing is recorded once the call is over, whatever the last status said.
  byId('recording-badge').hidden = true
  const messages: Record<string, string> = {
    hangup: 'The agent ended the call. Thank you!',
    kicked: 'The agent removed you from the call.',
    exceeded: 'Nobody could answer in time. Please try again later.',
    'agent-gone': 'The agent lost the connection.',
    left: 'You left the call.',
  }
  endScreen(messages[reason] ?? 'The call has ended.')
})
socket.on('queue:exceeded', () => endScreen('Nobody could answer in time. Please try again later.'))
socket.on('meeting:waiting', (waiting) => {
  if (state.screen === 'waiting-room') return
  goTo('waiting-room')
  byId('waiting-title').textContent = waiting.title
  stopTimer = ticker(byId('waiting-time'), Date.now())
})
socket.on('meeting:accepted', (accepted: MeetingAccepted) => {
  socket.emit('permissions', { camera: media.camera, microphone: media.microphone })
  enterCall('', accepted.peers, true)
})
socket.on('meeting:denied', () => endScreen('The agent did not let you in.'))
socket.on('meeting:ended', () => endScreen('The meeting has ended. Thank you!'))
socket.on('chat:message', (line) => {
  state.messages.push(line.text)
  addChatLine(line.name, line.text, line.from === 'customer')
})
socket.on('exchange', ({ event, data }) => {
  // "This call is being recorded" shows exactly while the agent says it is.
  if (event === 'recording:status') byId('recording-badge').hidden = data !== true
})
socket.on('capture:shot', async () => {
  const frame = await grabFrame(byId<HTMLVideoElement>('self-view'))
  if (frame && capturePeer) capturePeer.send(new Uint8Array(await frame.arrayBuffer()))
})
socket.on('connect', () => {
  // A reconnect during a meeting: ask to come back (an admitted customer goes straight in).
  if (meetingCode && (state.screen === 'waiting-room' || state.screen === 'call'))
    void joinMeeting(meetingCode)
})

byId<HTMLFormElement>('chat-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const input = (event.currentTarget as HTMLFormElement).elements.namedItem('text') as HTMLInputElement
  const text = input.value.trim()
  if (text) socket.emit('chat:message', { text })
  input.value = ''
})
byId<HTMLInputElement>('file-input').addEventListener('change', async (event) => {
  const input = event.currentTarget as HTMLInputElement
  const file = input.files?.[0]
  if (!file) return
  // No files channel yet: ask for one (the agent opens it), then send.
  if (!filesPeer) {
    socket.emit('beamport:open', { channel: 'files' })
    addFile(file.name, '(waiting for the agent to accept files…)')
    const started = Date.now()
    while (!filesPeer && Date.now() - started < 15_000)
      await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!filesPeer) return addFile(file.name, '(could not be sent)')
  await sendFile(filesPeer, file)
  addFile(file.name, `(sent to ${agentPeerId ? 'the agent' : 'the call'})`)
  input.value = ''
})
const leave = () => {
  socket.emit('hangup', {})
  endScreen('You left.')
}
byId('leave-queue').addEventListener('click', leave)
byId('leave-waiting').addEventListener('click', leave)
byId('leave-call').addEventListener('click', leave)
byId('again').addEventListener('click', () => location.reload())

show('setup')
