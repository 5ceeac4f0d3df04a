import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { cleanStores, keepMount } from 'nanostores'
import { SAVE_DEBOUNCE_MS, SAVE_RETRY_MS } from '../../src/constants'
import { $activity, hangupActive, resetActivity } from '../../src/stores/status/activity'
import {
  $call,
  $inMeeting,
  $lastCallEnd,
  $meetingEnded,
  abandonCall,
  hangUp,
  startMeeting,
} from '../../src/stores/call/call'
import { $callComments, COMMENTS_MAX, editComments } from '../../src/stores/call/call-comments'
import { $callForm, editFormField } from '../../src/stores/call/call-form'
import { $callTags, chooseTags } from '../../src/stores/call/call-tags'
import { $callView } from '../../src/stores/call/call-views'
import { $chat, $chatDraft, editChatDraft, sendChatMessage } from '../../src/stores/call/chat'
import { $localMedia } from '../../src/stores/call/call-media'
import { $waitingRoom, acceptParticipant, denyParticipant } from '../../src/stores/call/waiting-room'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { NO_REPLY, type FakeSocket } from '../support/fake-socket'
import { connectFakeSocket, joinedCall, meetingJoined, ok, refused, settle } from '../support/call-fixtures'

const form = [
  { name: 'reason', label: 'Reason', type: 'text' as const, required: true },
  { name: 'email', label: 'Email', type: 'email' as const, required: false },
]

describe('the active call', () => {
  let time: FakeClock
  let socket: FakeSocket

  beforeEach(() => {
    time = fakeClock()
    socket = connectFakeSocket()
    keepMount($call)
  })
  afterEach(() => {
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    time.restore()
  })

  const sent = (event: string) => socket.sent.filter((s) => s.event === event).map((s) => s.payload)
  const toastIds = () => $toasts.get().map((toast) => toast.messageId)

  it('joins: tokens, tags, comments, form and chat are stored and the info view shows', () => {
    const call = joinedCall({ comments: 'earlier', agentForm: form, agentFormValues: { reason: 'x' } })
    socket.serverEmit('join', call)
    expect($call.get()).to.include({
      id: call.id,
      kind: 'call',
      accessToken: 'signalling-token',
      rejoined: false,
    })
    expect($callTags.get().available).to.have.length(2)
    expect($callComments.get().text).to.equal('earlier')
    expect($callForm.get().values).to.deep.equal({ reason: 'x' })
    expect($callView.get()).to.equal('info')
    expect($activity.get().inCall).to.equal(true)
  })

  it('ends on `end`: every call store is clean', async () => {
    const call = joinedCall({ agentForm: form })
    socket.serverEmit('join', call)
    editComments('typed')
    socket.serverEmit('chat:message', {
      id: call.id,
      from: 'customer',
      peerId: 'customer:1',
      name: 'Ana',
      text: 'hi',
      at: new Date().toISOString(),
    })
    socket.serverEmit('end', { callId: call.id, reason: 'hangup' })
    expect($call.get()).to.equal(null)
    expect($callComments.get().text).to.equal('')
    expect($callForm.get().definition).to.equal(null)
    expect($chat.get().messages).to.deep.equal([])
    expect($activity.get().inCall).to.equal(false)
    expect($localMedia.get().stream).to.equal(null)
    await time.tick(SAVE_DEBOUNCE_MS)
    expect(sent('comments')).to.deep.equal([])
  })

  it('blocks hang-up while the agent form is invalid, with the warning, then hangs up', async () => {
    socket.answer('hangup', () => ok())
    const call = joinedCall({ agentForm: form })
    socket.serverEmit('join', call)
    expect(await hangUp()).to.equal('blocked')
    expect(sent('hangup')).to.deep.equal([])
    expect(toastIds()).to.deep.equal(['call.hangup.formInvalid'])
    expect($callForm.get().showAllErrors).to.equal(true)
    await time.tick(500)
    expect($callView.get()).to.equal('agent-form')

    editFormField('reason', 'billing')
    expect(await hangUp()).to.equal('ended')
    expect(sent('hangup')).to.deep.equal([{}])
    expect($call.get()).to.equal(null)
  })

  it('shows the mandatory-tags conflict of the server as its validation message', async () => {
    socket.answer('hangup', () =>
      refused(409, 'Conflict', {
        errors: [{ code: 'mandatoryTags', message: 'Select at least 1 tag is mandatory' }],
      }),
    )
    socket.serverEmit('join', joinedCall({ mandatoryTags: true }))
    expect(await hangUp()).to.equal('refused')
    expect($call.get()).to.not.equal(null)
    expect(toastIds()).to.deep.equal(['call.hangup.mandatoryTags'])
  })

  it('shows any other refusal as its plain message', async () => {
    socket.answer('hangup', () => refused(409, 'No call'))
    socket.serverEmit('join', joinedCall())
    await hangUp()
    expect($toasts.get()[0]).to.deep.include({
      messageId: 'call.hangup.error',
      values: { message: 'No call' },
    })
  })

  it('says a hang-up with no answer may have ended the call, in words of its own, and keeps the call', async () => {
    // No answer registered: the fake socket's request times out (408), as on a stalled link.
    socket.serverEmit('join', joinedCall())
    expect(await hangUp()).to.equal('refused')
    expect($call.get()).to.not.equal(null)
    expect($toasts.get().map((toast) => toast.messageId)).to.deep.equal(['call.hangup.noAnswer'])
    expect($toasts.get()[0]?.values ?? {}).to.not.have.property('message')
  })

  it('hangs up through the session (a status change) and reports a refusal', async () => {
    socket.answer('hangup', () => ok())
    socket.serverEmit('join', joinedCall({ agentForm: form }))
    let error: unknown = null
    await hangupActive().catch((e: unknown) => (error = e))
    expect(error).to.be.an('error')
    editFormField('reason', 'done')
    expect(await hangupActive()).to.equal(true)
    expect($call.get()).to.equal(null)
  })

  it('saves comments 500 ms after the last keystroke, sanitized', async () => {
    socket.answer('comments', () => ok({ callId: $call.get()!.id, date: new Date().toISOString() }))
    socket.serverEmit('join', joinedCall())
    editComments('<b>Refund</b>')
    await time.tick(300)
    editComments('<img src=x onerror=alert(1)>Refund asked')
    await time.tick(SAVE_DEBOUNCE_MS - 1)
    expect(sent('comments')).to.deep.equal([])
    await time.tick(1)
    await settle()
    expect(sent('comments')).to.deep.equal([{ comments: 'Refund asked' }])
    expect($callComments.get()).to.include({ status: 'saved', dirty: false })
  })

  it('never sends comments over the limit: says they are too long, and does not retry them after a reconnect', async () => {
    socket.answer('comments', () => ok({ callId: $call.get()!.id, date: new Date().toISOString() }))
    const call = joinedCall()
    socket.serverEmit('join', call)
    editComments('x'.repeat(COMMENTS_MAX + 1))
    expect($callComments.get()).to.include({ status: 'tooLong', dirty: true })
    await time.tick(SAVE_DEBOUNCE_MS * 2)
    await settle()
    socket.serverEmit('rejoin', { ...call, comments: '' })
    await settle()
    expect(sent('comments')).to.deep.equal([])
    expect($callComments.get()).to.include({ status: 'tooLong' })
    expect($callComments.get().text).to.have.length(COMMENTS_MAX + 1)
    // Shortened to the limit: saved.
    editComments('x'.repeat(COMMENTS_MAX))
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle()
    expect(sent('comments')).to.have.length(1)
    expect($callComments.get()).to.include({ status: 'saved', dirty: false })
  })

  it('sends form values with form:update 500 ms after the last change', async () => {
    socket.answer('form:update', () => ok())
    socket.serverEmit('join', joinedCall({ agentForm: form }))
    editFormField('reason', 'a')
    editFormField('email', 'not-an-email')
    expect($callForm.get().errors).to.deep.equal({ email: 'email' })
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle()
    expect(sent('form:update')).to.deep.equal([{ values: { reason: 'a', email: 'not-an-email' } }])
  })

  it('tries failed comment and form saves again 5 s later, the link still up, until the server takes them', async () => {
    const call = joinedCall({ agentForm: form })
    socket.serverEmit('join', call)
    // The server fails the first save of each (a timeout, a database error) and takes the next.
    let down = true
    socket.answer('comments', () =>
      down ? refused(500) : ok({ callId: call.id, date: new Date().toISOString() }),
    )
    socket.answer('form:update', () => (down ? refused(500) : ok()))
    editComments('Refund asked')
    editFormField('reason', 'refund')
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle(20)
    expect($callComments.get()).to.include({ status: 'error', dirty: true })
    expect($callForm.get()).to.include({ status: 'error', dirty: true })
    expect(sent('comments')).to.have.length(1)
    expect(sent('form:update')).to.have.length(1)

    down = false
    await time.tick(SAVE_RETRY_MS - 1)
    await settle(20)
    expect(sent('comments')).to.have.length(1)
    await time.tick(1)
    await settle(20)
    expect(sent('comments')).to.deep.equal([{ comments: 'Refund asked' }, { comments: 'Refund asked' }])
    expect(sent('form:update').at(-1)).to.deep.equal({ values: { reason: 'refund' } })
    expect($callComments.get()).to.include({ status: 'saved', dirty: false })
    expect($callForm.get()).to.include({ status: 'saved', dirty: false })
    // Saved: nothing more is sent.
    await time.tick(SAVE_RETRY_MS * 3)
    await settle(20)
    expect(sent('comments')).to.have.length(2)
    expect(sent('form:update')).to.have.length(2)
  })

  it('stops trying a failed save once the call ends', async () => {
    socket.answer('comments', () => refused(500))
    socket.serverEmit('join', joinedCall())
    editComments('Refund asked')
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle(20)
    expect($callComments.get()).to.include({ status: 'error' })
    abandonCall()
    await time.tick(SAVE_RETRY_MS * 3)
    await settle(20)
    expect(sent('comments')).to.have.length(1)
  })

  it('sends comments and form values again after a reconnect (rejoin), keeping what was typed', async () => {
    const call = joinedCall({ agentForm: form })
    socket.serverEmit('join', call)
    socket.connected = false
    editComments('typed offline')
    editFormField('reason', 'offline value')
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle()
    expect($callComments.get()).to.include({ status: 'error', dirty: true })

    socket.connected = true
    socket.answer('comments', () => ok({ callId: call.id, date: new Date().toISOString() }))
    socket.answer('form:update', () => ok())
    socket.serverEmit('rejoin', { ...call, comments: '', agentFormValues: {} })
    await settle()
    expect($call.get()?.rejoined).to.equal(true)
    expect($callComments.get().text).to.equal('typed offline')
    expect(sent('comments').at(-1)).to.deep.equal({ comments: 'typed offline' })
    expect(sent('form:update').at(-1)).to.deep.equal({ values: { reason: 'offline value' } })
  })

  it('keeps what was typed within the debounce across a reload, and sends it after the rejoin', async () => {
    const call = joinedCall({ agentForm: form })
    socket.serverEmit('join', call)
    editComments('typed just before the reload')
    editFormField('reason', 'before reload')
    // The page goes away before the debounce ran out: this tab's stores start over.
    abandonCall()
    expect($callComments.get().text).to.equal('')
    socket.answer('comments', () => ok({ callId: call.id, date: new Date().toISOString() }))
    socket.answer('form:update', () => ok())
    socket.serverEmit('rejoin', call)
    expect($callComments.get().text).to.equal('typed just before the reload')
    expect($callForm.get().values).to.deep.equal({ reason: 'before reload' })
    await time.tick(SAVE_DEBOUNCE_MS)
    await settle(20)
    expect(sent('comments').at(-1)).to.deep.equal({ comments: 'typed just before the reload' })
    expect(sent('form:update').at(-1)).to.deep.equal({ values: { reason: 'before reload' } })
  })

  it('keeps a chat line being typed across a reload, and forgets it once the call ends', () => {
    const call = joinedCall()
    socket.serverEmit('join', call)
    editChatDraft('Your refund is')
    // The page goes away: this tab's stores start over, and the server brings the call back.
    abandonCall()
    expect($chatDraft.get()).to.equal('')
    socket.serverEmit('rejoin', call)
    expect($chatDraft.get()).to.equal('Your refund is')
    socket.serverEmit('end', { callId: call.id, reason: 'hangup' })
    expect($chatDraft.get()).to.equal('')
    socket.serverEmit('rejoin', call)
    expect($chatDraft.get()).to.equal('')
  })

  it('sends a line that got no answer under the same key after a reload, so the server can show it once', async () => {
    const call = joinedCall()
    socket.answer('chat:message', () => NO_REPLY)
    socket.serverEmit('join', call)
    expect(await sendChatMessage('Your refund is on its way')).to.equal(false)
    const [first] = sent('chat:message') as { text: string; key: string }[]
    // The page goes away with the line back in its field: this tab's stores start over.
    editChatDraft('Your refund is on its way')
    abandonCall()
    socket.serverEmit('rejoin', call)
    expect(await sendChatMessage($chatDraft.get())).to.equal(false)
    const [, again] = sent('chat:message') as { text: string; key: string }[]
    expect(again).to.deep.equal(first)
  })

  it('lands back in the call on rejoin when none is active (a reload)', () => {
    const call = joinedCall({ comments: 'kept', messages: [] })
    socket.serverEmit('rejoin', call)
    expect($call.get()).to.include({ id: call.id, rejoined: true })
    expect($callComments.get().text).to.equal('kept')
  })

  it('ignores a rejoin of another call while one is active', () => {
    const first = joinedCall()
    socket.serverEmit('join', first)
    socket.serverEmit('rejoin', joinedCall())
    expect($call.get()?.id).to.equal(first.id)
  })

  /** `agent:authenticated` as the server pushes it after a reconnect, saying which call or meeting the agent is in. */
  const introduced = (where: { callId?: string | null; appointmentId?: string | null }) =>
    socket.serverEmit('agent:authenticated', {
      id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      firstname: 'Ana',
      lastname: 'Alvarez',
      segments: [],
      callId: null,
      appointmentId: null,
      ...where,
    })

  it('closes a call that ended while the link was down, and says so, when the server introduces the agent again without it', () => {
    const ends: unknown[] = []
    const stop = $lastCallEnd.listen((end) => ends.push(end))
    const call = joinedCall()
    socket.serverEmit('join', call)
    editComments('typed while the link was down')
    introduced({ callId: null })
    stop()
    expect($call.get()).to.equal(null)
    expect($activity.get().inCall).to.equal(false)
    expect($callComments.get().text).to.equal('')
    expect(toastIds()).to.deep.equal(['call.endedWhileAway'])
    expect($toasts.get()[0]?.values).to.deep.equal({ kind: 'call' })
    expect(ends).to.deep.equal([{ id: call.id, kind: 'call', reason: 'disconnected' }])
  })

  it('closes a meeting the agent is no longer in after a reconnect', () => {
    const joined = meetingJoined()
    startMeeting(joined)
    introduced({ appointmentId: null })
    expect($call.get()).to.equal(null)
    expect($inMeeting.get()).to.equal(false)
    expect($activity.get().inMeeting).to.equal(false)
    expect($toasts.get()[0]?.values).to.deep.equal({ kind: 'meeting' })
  })

  it('keeps the call or meeting the server says the agent is still in', () => {
    const call = joinedCall()
    socket.serverEmit('join', call)
    introduced({ callId: call.id })
    expect($call.get()?.id).to.equal(call.id)
    abandonCall()
    const joined = meetingJoined()
    startMeeting(joined)
    introduced({ appointmentId: joined.appointment.id })
    expect($call.get()?.id).to.equal(joined.appointment.id)
    expect(toastIds()).to.deep.equal([])
  })

  it('sets tags with set:tags and keeps what the server accepted', async () => {
    const call = joinedCall()
    socket.answer('set:tags', (payload) => ok(payload))
    socket.serverEmit('join', call)
    const id = call.tags[0]!._id
    await chooseTags([id])
    expect(sent('set:tags')).to.deep.equal([{ tags: [id] }])
    expect($callTags.get().selected).to.deep.equal([id])
  })

  it('puts a refused tag choice back', async () => {
    socket.answer('set:tags', () => refused(400, 'bad'))
    const call = joinedCall({ selectedTags: [] })
    socket.serverEmit('join', call)
    await chooseTags([call.tags[0]!._id])
    expect($callTags.get().selected).to.deep.equal([])
    expect(toastIds()).to.deep.equal(['call.tags.saveError'])
  })

  it('keeps a tag choice with no answer on screen, says it may not be saved, and sends it again until the server takes it', async () => {
    // The first try gets no answer (a stalled link, 408), the next one is taken.
    let stalled = true
    socket.answer('set:tags', (payload) => {
      if (!stalled) return ok(payload)
      stalled = false
      return NO_REPLY
    })
    const call = joinedCall({ selectedTags: [] })
    socket.serverEmit('join', call)
    const id = call.tags[0]!._id
    await chooseTags([id])
    expect($callTags.get()).to.deep.include({ selected: [id], unsaved: true })
    expect(toastIds()).to.deep.equal(['call.tags.noAnswer'])
    await time.tick(SAVE_RETRY_MS)
    await settle()
    expect(sent('set:tags')).to.deep.equal([{ tags: [id] }, { tags: [id] }])
    expect($callTags.get()).to.deep.include({ selected: [id], unsaved: false })
    expect(toastIds()).to.deep.equal(['call.tags.noAnswer'])
  })

  it('sends a tag choice made with the link down once the call is rejoined', async () => {
    socket.answer('set:tags', (payload) => ok(payload))
    const call = joinedCall({ selectedTags: [] })
    socket.serverEmit('join', call)
    const id = call.tags[1]!._id
    socket.connected = false
    await chooseTags([id])
    expect($callTags.get()).to.deep.include({ selected: [id], unsaved: true })
    expect(toastIds()).to.deep.equal(['call.tags.notSent'])
    expect(sent('set:tags')).to.deep.equal([])
    socket.connected = true
    socket.serverEmit('rejoin', call)
    await settle()
    expect(sent('set:tags')).to.deep.equal([{ tags: [id] }])
    expect($callTags.get()).to.deep.include({ selected: [id], unsaved: false })
  })

  it("takes the server's tags on a rejoin when nothing chosen here is unsaved", () => {
    const call = joinedCall({ selectedTags: [] })
    socket.serverEmit('join', call)
    const id = call.tags[0]!._id
    socket.serverEmit('rejoin', { ...call, selectedTags: [id] })
    expect($callTags.get().selected).to.deep.equal([id])
  })

  describe('a meeting', () => {
    it('starts from the calendar, hangs up with meeting:hangup and ends on meeting:ended', async () => {
      socket.answer('meeting:hangup', () => ok())
      const joined = meetingJoined()
      startMeeting(joined)
      expect($inMeeting.get()).to.equal(true)
      expect($activity.get()).to.include({ inMeeting: true, inCall: false })
      // The server's own meeting:join reply changes nothing.
      socket.serverEmit('meeting:join', joined)
      expect($call.get()?.id).to.equal(joined.appointment.id)

      expect(await hangUp()).to.equal('ended')
      expect(sent('meeting:hangup')).to.deep.equal([{}])
      expect(sent('hangup')).to.deep.equal([])
      const appointment = { ...joined.appointment, status: 'attended' as const }
      socket.serverEmit('meeting:ended', { appointmentId: appointment.id, appointment })
      expect($call.get()).to.equal(null)
      expect($meetingEnded.get()?.appointment.status).to.equal('attended')
      expect($activity.get().inMeeting).to.equal(false)
    })

    it('keeps the waiting room and accepts by session id', async () => {
      const waiting = { sessionId: 'session-abc-1', createdAt: new Date().toISOString(), name: 'Ana' }
      const joined = meetingJoined({ pendingAuthorizations: [waiting] })
      socket.answer('meeting:accept', () => ok({ appointmentId: joined.appointment.id, data: [] }))
      startMeeting(joined)
      expect($waitingRoom.get()).to.deep.equal([waiting])
      await acceptParticipant('session-abc-1')
      expect(sent('meeting:accept')).to.deep.equal([{ sessionId: 'session-abc-1' }])
      expect($waitingRoom.get()).to.deep.equal([])
      socket.serverEmit('meeting:pending:authorizations', {
        appointmentId: joined.appointment.id,
        data: [waiting],
      })
      expect($waitingRoom.get()).to.have.length(1)
    })

    it('sends one decision per person, however often the agent presses', async () => {
      const waiting = { sessionId: 'session-abc-2', createdAt: new Date().toISOString(), name: 'Bea' }
      const joined = meetingJoined({ pendingAuthorizations: [waiting] })
      socket.answer('meeting:accept', () => ok({ appointmentId: joined.appointment.id, data: [] }))
      socket.answer('meeting:deny', () => ok({ appointmentId: joined.appointment.id, data: [] }))
      startMeeting(joined)
      // A double press, then a deny while the accept is on its way.
      await Promise.all([
        acceptParticipant('session-abc-2'),
        acceptParticipant('session-abc-2'),
        denyParticipant('session-abc-2'),
      ])
      expect(sent('meeting:accept')).to.deep.equal([{ sessionId: 'session-abc-2' }])
      expect(sent('meeting:deny')).to.deep.equal([])
      expect($waitingRoom.get()).to.deep.equal([])
    })
  })

  /** Joins a call whose camera the browser refuses with `name`; the toast the agent gets. */
  async function cameraErrorToast(name: string, message: string) {
    const media = navigator.mediaDevices
    const getUserMedia = media.getUserMedia
    media.getUserMedia = () => Promise.reject(new DOMException(message, name))
    try {
      socket.serverEmit('join', joinedCall())
      const shown = () => $toasts.get().find((toast) => toast.messageId === 'call.media.error')
      await waitUntil(shown, 'no toast', { timeout: 5000 })
      return shown()!
    } finally {
      media.getUserMedia = getUserMedia
    }
  }

  it('adds no advice line to a capture error it has no advice for', async () => {
    const toast = await cameraErrorToast('UnknownError', 'Something odd')
    // An advice of 'none' would render an empty second line under the message.
    expect(toast.detailId).to.equal(undefined)
  })

  it('tells the agent how to get the camera back when the browser blocks it in a call', async () => {
    const toast = await cameraErrorToast('NotAllowedError', 'Permission denied')
    expect(toast.values).to.deep.equal({ message: 'Permission denied' })
    expect(toast).to.include({ detailId: 'media.captureAdvice' })
    expect(toast.detailValues).to.deep.equal({ advice: 'blocked' })
  })

  it('opens the camera and microphone for the call', async () => {
    socket.serverEmit('join', joinedCall())
    await waitUntil(() => $localMedia.get().stream, 'no local stream', { timeout: 5000 })
    expect($localMedia.get()).to.include({ audio: true, video: true })
  })
})
