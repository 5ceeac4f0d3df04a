// The customer page (demo/customer.html): call a segment, or join an appointment's meeting, over the
// reference server's customer namespace, with camera, chat and files peer to peer with the agent.
import type {
  CallJoined,
  MeetingAccepted,
  MeetingWaiting,
  Peer,
  PublicPersonalLink,
  QueueStatus,
} from '../../src/protocol'
import { connectCustomer, customerSessionId, keepGuestToken, request } from './connection'
import { PeerMesh } from './peers'
import { IceKeeper, type IceInUse } from './ice-keeper'
import { MediaPaths, type PeerMedia } from './media-paths'
import { showMediaPathNotice } from './media-path-notice'
import { CustomerTransfers, type CustomerFile } from './file-transfer'
import { showFile, watchFilePicker } from './files-panel'
import { openLocalMedia } from './local-media'
import { CaptureRequests } from './capture-requests'
import { addChatLine, byId, remoteVideo, show, ticker } from './view'
import { startDeviceApp, type DeviceAppState } from './device-app'
import { t } from './i18n'
import { callRefusal, endText, meetingRefusal, serverErrorText } from './server-messages'
import { watchConnectRefusals } from './connect-refusals'
import { watchChatForm } from './chat-form'
import { showNotice } from './notice'

/** What tests read: the state of the page, without scraping the DOM. */
interface CustomerState {
  screen: string
  callId: string | null
  remoteTracks: number
  messages: string[]
  /** Files both ways (the same objects the list shows). */
  files: CustomerFile[]
  /** Captures of the screen sent to the agent. */
  captures: number
  /** Data channels open with agents, as `peerId|channel`. */
  channels: string[]
  /** The device app simulator (shown when the segment runs the account's app, or with `?app=`). */
  app: DeviceAppState
  /** The media path to each peer of the call, by peer id: its state and what carries it (once a second). */
  media: Record<string, PeerMedia>
  /** Every ICE candidate the page received through the signalling (relay-only lets none but relay ones). */
  remoteCandidates: string[]
  /** The ICE config in use (null before the server answered) and how many the page received. */
  ice: IceInUse | null
}
declare global {
  interface Window {
    customerState: CustomerState
  }
}

const params = new URLSearchParams(location.search)
const meetingCode = params.get('meeting')
// An agent's personal link: the call rings at that agent only.
const linkCode = params.get('link')
const state: CustomerState = {
  screen: 'setup',
  callId: null,
  remoteTracks: 0,
  messages: [],
  files: [],
  captures: 0,
  channels: [],
  app: { name: '', running: false, commands: [], sent: [] },
  media: {},
  remoteCandidates: [],
  ice: null,
}
window.customerState = state

const sessionId = customerSessionId()
const socket = connectCustomer(sessionId)
// Turned away for too many connections from this address: said in words, tried again in a minute.
const connection = watchConnectRefusals(socket)
const media = await openLocalMedia()
const preview = byId<HTMLVideoElement>('preview')
preview.srcObject = media.stream
byId<HTMLVideoElement>('self-view').srcObject = media.stream
const onOff = (on: boolean) => (on ? 'on' : 'off')
byId('media-status').textContent = media.error
  ? t('customerPage.setup.mediaPartial', {
      camera: onOff(media.camera),
      microphone: onOff(media.microphone),
      problem: media.error,
    })
  : t('customerPage.setup.mediaReady')
// In the call too: a customer who refused the camera or microphone would otherwise believe the agent sees
// and hears them. No camera, no own picture (an empty black box looked like one that had frozen).
if (media.error) {
  const notice = byId('media-notice')
  notice.textContent = t('customerPage.call.mediaMissing', {
    missing: media.camera ? 'microphone' : media.microphone ? 'camera' : 'both',
    problem: media.error,
  })
  notice.hidden = false
}
byId('self-view').hidden = !media.camera

let myName = params.get('name') ?? ''
let stopTimer: () => void = () => undefined

const transfers = new CustomerTransfers({
  changed: (file, blob) => showFile(file, blob, (id) => transfers.cancel(id)),
})
state.files = transfers.files
const captures = new CaptureRequests(transfers, () => (state.captures += 1))
/** The app of the segment called (null: the segment's customers run none). */
let segmentApp: { name: string; label: string } | null = null
/** Stops the device app; null while it is not playing (a rejoin of the same call keeps it). */
let stopDeviceApp: (() => void) | null = null
// `?app=1` plays the app in any segment (or meeting); `?app=<name>` also names it.
const appSwitch = params.get('app')

// The customer hears of the media path in words: coming back, or could not connect (the call goes on).
const paths = new MediaPaths(showMediaPathNotice)
state.media = paths.view
const mesh = new PeerMesh({
  // Dropped while the socket is down: the links are remade once it is back, and a queued signal of an old
  // link would arrive after the new link's offer (see src/stores/call/send-signal.ts).
  send: (signal) => void (socket.connected && socket.emit('signal', signal)),
  local: media.stream,
  events: {
    onStream(peerId, stream) {
      remoteVideo(peerId, stream, peerNames.get(peerId))
      state.remoteTracks = document.querySelectorAll('#remote-videos video').length
    },
    onStreamEnd(peerId) {
      remoteVideo(peerId, null)
      paths.remove(peerId)
      state.remoteTracks = document.querySelectorAll('#remote-videos video').length
    },
    onChannelOpen(peerId, channel, dataChannel) {
      transfers.opened(peerId, channel, dataChannel)
      state.channels = [...new Set([...state.channels, `${peerId}|${channel}`])]
      if (channel === 'files') byId('files-status').textContent = t('customerPage.files.ready')
    },
    onChannelClose(peerId, channel) {
      transfers.closed(peerId, channel)
      state.channels = state.channels.filter((key) => key !== `${peerId}|${channel}`)
    },
    onFrame: (peerId, channel, frame) => transfers.frame(peerId, channel, frame),
    onPathState: (peerId, pathState) => paths.setState(peerId, pathState),
    onRemoteCandidates: (_peerId, candidates) => state.remoteCandidates.push(...candidates),
  },
})
socket.on('signal', (signal) => mesh.receive(signal))
socket.on('peer:leave', ({ peerId }) => mesh.drop(peerId))
// Media is measured once a second while the page is in a call.
let stopMeasuring: () => void = () => undefined

// ICE servers before any connection (the mesh waits for them): asked once in the queue or the waiting
// room (the server hands them only to a customer with somewhere to connect, under that account's policy),
// renewed until the call ends, so a call's relay outlives its credentials.
const ice = new IceKeeper({
  ask: () => request(socket, 'ice:servers', {}),
  onConfig(config, inUse) {
    state.ice = inUse
    mesh.setIce(config)
  },
})

function goTo(screen: Parameters<typeof show>[0]): void {
  stopTimer()
  state.screen = screen
  ice.setActive(screen === 'queue' || screen === 'waiting-room' || screen === 'call')
  show(screen)
}

/** The app this page plays in the call, if any. */
function deviceApp(): { name: string; label: string } | null {
  if (segmentApp) return segmentApp
  if (!appSwitch || appSwitch === '0') return null
  const name = appSwitch === '1' ? (forcedApp?.name ?? 'onboarding') : appSwitch
  return { name, label: forcedApp?.name === name ? forcedApp.label : name }
}

/** Who is who in the call: names for the videos, and this page's own peer id for its chat lines. */
let myPeerId = ''
const peerNames = new Map<string, string>()

/**
 * Shows the call's chat so far. A rejoin (a reconnect) brings the whole history again: it replaces
 * what the log showed. Lines are this page's own by peer id: in a meeting, other guests are customers too.
 */
function showChatHistory(messages: CallJoined['messages']): void {
  byId('chat-log').replaceChildren()
  for (const line of messages) addChatLine(line.name, line.text, line.peerId === myPeerId)
}

function enterCall(
  joined: { agent: string; peerId: string; peers: CallJoined['peers']; messages: CallJoined['messages'] },
  initiator: boolean,
): void {
  const { agent, peers } = joined
  myPeerId = joined.peerId
  for (const peer of peers) peerNames.set(peer.id, peer.name)
  showChatHistory(joined.messages)
  goTo('call')
  const app = deviceApp()
  if (app && !stopDeviceApp) stopDeviceApp = startDeviceApp(socket, app, myName, state.app)
  byId('agent-name').textContent = agent
    ? t('customerPage.call.withAgent', { agent })
    : t('customerPage.call.inMeeting')
  stopMeasuring()
  stopMeasuring = paths.watch(() => mesh.mediaConnections())
  if (initiator) mesh.connectTo(peers, myPeerId)
}

/**
 * An agent joins the call as its owner: the call was transferred to them (an invited agent joins as a
 * guest, beside the first). The customer is now talking with them; the page said the first agent still.
 */
function agentJoined(peer: Peer): void {
  if (state.screen !== 'call' || meetingCode || peer.role !== 'agent') return
  byId('agent-name').textContent = t('customerPage.call.withAgent', { agent: peer.name })
}

function endScreen(message: string): void {
  stopDeviceApp?.()
  stopDeviceApp = null
  mesh.close()
  stopMeasuring()
  paths.clear()
  transfers.close()
  captures.close()
  state.channels = []
  state.callId = null
  byId('ended-message').textContent = message
  goTo('ended')
}

/** Whom a personal link calls; null (and the page says so) when the link is unknown or was replaced. */
async function loadPersonalLink(code: string): Promise<PublicPersonalLink | null> {
  const response = await fetch(`/api/public/personal-links/${encodeURIComponent(code)}`)
  if (!response.ok) return null
  return (await response.json()) as PublicPersonalLink
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
    const label = t('customerPage.setup.segmentOption', {
      segment: segment.name,
      account: segment.account,
      app: segment.appsEnabled && segment.app ? 'yes' : 'no',
    })
    select.add(new Option(label, segment.id))
  }
  const wanted = params.get('segment')
  if (wanted) select.value = wanted
}

// Setup: the form calls a segment, or joins the meeting of the link.
const form = byId<HTMLFormElement>('call-form')
;(form.elements.namedItem('name') as HTMLInputElement).value = myName
if (meetingCode) {
  byId('title').textContent = t('customerPage.appointment.title')
  byId('segment-field').hidden = true
  ;(form.elements.namedItem('segment') as HTMLSelectElement).required = false
  byId('call-button').textContent = t('customerPage.meeting.join')
} else if (linkCode) {
  const link = await loadPersonalLink(linkCode)
  byId('segment-field').hidden = true
  const select = form.elements.namedItem('segment') as HTMLSelectElement
  if (link) {
    byId('title').textContent = t('customerPage.link.title', { agent: link.agent })
    select.add(new Option(link.segment.name, link.segment.id))
    select.value = link.segment.id
    byId('link-status').textContent = t(
      link.available ? 'customerPage.link.available' : 'customerPage.link.unavailable',
      { agent: link.agent },
    )
    byId('link-status').hidden = false
  } else endScreen(t('customerPage.link.invalid'))
} else await loadSegments()

form.addEventListener('submit', (event) => {
  event.preventDefault()
  // A socket the server turned away sends nothing: try to get in again (the notice says why).
  if (connection.refused()) return connection.retryNow()
  myName = (form.elements.namedItem('name') as HTMLInputElement).value.trim()
  void (meetingCode
    ? joinMeeting(meetingCode)
    : callSegment((form.elements.namedItem('segment') as HTMLSelectElement).value))
})
// Ready: camera asked for, the form filled and handled here. Only now may the customer type and call.
byId<HTMLFieldSetElement>('call-fields').disabled = false

/**
 * What a link from a CRM may pass along with the call: `ticket`, `branch`, `poc`, place (`country`,
 * `city`) and the segment's form values as `form.<field>=value`.
 */
function linkDetails(query: URLSearchParams): Record<string, unknown> {
  const form = Object.fromEntries(
    [...query].filter(([key]) => key.startsWith('form.')).map(([key, value]) => [key.slice(5), value]),
  )
  const place = { countryName: query.get('country'), cityName: query.get('city') }
  const given = (value: string | null) => value ?? undefined
  return {
    ticketId: given(query.get('ticket')),
    branch: given(query.get('branch')),
    poc: given(query.get('poc')),
    ...(Object.keys(form).length ? { form } : {}),
    ...(place.countryName || place.cityName
      ? { location: { countryName: given(place.countryName), cityName: given(place.cityName) } }
      : {}),
  }
}

async function callSegment(segment: string): Promise<void> {
  const chosen = segments.find((candidate) => candidate.id === segment)
  segmentApp = chosen?.appsEnabled ? chosen.app : null
  forcedApp = chosen?.app ?? null
  const reply = await request<QueueStatus>(socket, 'queue:join', {
    segment,
    name: myName,
    referrer: location.href,
    ...linkDetails(params),
    personalLink: linkCode ?? undefined,
  })
  if (!reply.ok) {
    // A refusal that ends the attempt (the agent, the link) has the end screen; anything else (too many
    // calls from this network...) is said above the form, left as it is to try again.
    const ending = callRefusal(reply.error)
    return ending
      ? endScreen(ending)
      : showNotice('page-notice', serverErrorText(reply.error, { 404: 'customerPage.errors.unknownSegment' }))
  }
  showNotice('page-notice', null)
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
  if (!reply.ok) return endScreen(meetingRefusal(reply.error))
}

socket.on('queue:status', showQueue)
socket.on('call:joined', (joined) => {
  state.callId = joined.callId
  enterCall(joined, joined.initiator)
})
socket.on('peer:join', ({ peer }) => {
  // A peer that comes (back) opens new connections: the old ones to that id go.
  mesh.drop(peer.id)
  peerNames.set(peer.id, peer.name)
  agentJoined(peer)
})
socket.on('call:ended', ({ reason }) => {
  // Nothing is recorded once the call is over, whatever the last status said.
  byId('recording-badge').hidden = true
  endScreen(endText(reason))
})
socket.on('queue:exceeded', () => endScreen(t('customerPage.ended.exceeded')))
socket.on('meeting:waiting', (waiting) => {
  if (state.screen === 'waiting-room') return
  goTo('waiting-room')
  byId('waiting-title').textContent = waiting.title
  stopTimer = ticker(byId('waiting-time'), Date.now())
})
socket.on('meeting:accepted', (accepted: MeetingAccepted) => {
  keepGuestToken(accepted.guestToken)
  socket.emit('permissions', { camera: media.camera, microphone: media.microphone })
  enterCall({ ...accepted, agent: '' }, true)
})
socket.on('meeting:denied', () => endScreen(t('customerPage.ended.denied')))
socket.on('meeting:ended', () => endScreen(t('customerPage.ended.meetingEnded')))
socket.on('chat:message', (line) => {
  state.messages.push(line.text)
  addChatLine(line.name, line.text, line.peerId === myPeerId)
})
socket.on('exchange', ({ event, data }) => {
  // "This call is being recorded" shows exactly while the agent says it is.
  if (event === 'recording:status') byId('recording-badge').hidden = data !== true
})
socket.on('capture:shot', ({ from }) => captures.asked(from))
// The browser knows the network is gone long before a ping timeout would tell: the link drops now (the
// agent sees the customer go, the data channels pause) and socket.io brings it back once online.
window.addEventListener('offline', () => socket.io.engine?.close())
socket.on('connect', () => {
  // A reconnect during a meeting: ask to come back (an admitted customer goes straight in).
  if (meetingCode && (state.screen === 'waiting-room' || state.screen === 'call'))
    void joinMeeting(meetingCode)
})

watchChatForm(socket)
watchFilePicker((files) => {
  // No files channel yet: the files wait, and the page asks for one (the agent's console opens it).
  if (transfers.send(files)) return
  byId('files-status').textContent = t('customerPage.files.waitingChannel')
  void request(socket, 'beamport:open', { channel: 'files' }).then((reply) => {
    if (!reply.ok)
      byId('files-status').textContent = t('customerPage.files.cannotSend', {
        problem: serverErrorText(reply.error, { 403: 'customerPage.files.disabled' }),
      })
  })
})
/** Leaves from `place` (the queue, the waiting room or the call), which the end screen names. */
const leave = (place: 'queue' | 'waitingRoom' | 'call') => () => {
  socket.emit('hangup', {})
  endScreen(t('customerPage.ended.left', { place }))
}
byId('leave-queue').addEventListener('click', leave('queue'))
byId('leave-waiting').addEventListener('click', leave('waitingRoom'))
byId('leave-call').addEventListener('click', leave('call'))
byId('again').addEventListener('click', () => location.reload())

show('setup')
