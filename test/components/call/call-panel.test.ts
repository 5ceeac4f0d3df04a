import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { SAVE_RETRY_MS, VIEW_SWITCH_DELAY_MS } from '../../../src/constants'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { $localMedia, $participants } from '../../../src/stores/call/call-media'
import { $callView } from '../../../src/stores/call/call-views'
import { $call } from '../../../src/stores/call/call'
import { consoleSettings, joinedCall, meetingJoined, newId, ok } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { startMeeting } from '../../../src/stores/call/call'
import { editComments } from '../../../src/stores/call/call-comments'
import { chooseTags } from '../../../src/stores/call/call-tags'
import { NO_REPLY } from '../../support/fake-socket'
import { frames, waitUntil } from '../../support/waits'
import { page as areaPage } from '../../support/areas-fixtures'

const shadowOf = (host: HTMLElement) => host.shadowRoot!

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

const settings = consoleSettings

const form = [{ name: 'reason', label: 'Reason', type: 'text' as const, required: true }]

describe('<agent-call-panel> in a call', () => {
  let page: CallPage
  let time: FakeClock | null = null
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(settings())
  })
  afterEach(() => {
    time?.restore()
    time = null
    resetSettings()
    page.close()
  })

  const menu = () =>
    [...(page.$('.side-menu')?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label'))

  it('shows the idle state and the network quality between calls', async () => {
    const idle = await page.find('.call-idle')
    expect(text(idle)).to.contain('No active call')
    await waitUntil(() => text(page.$('.network-quality')).startsWith('Network:'))
  })

  it('shows the call: both videos, the side menu with the rules of §2, info by default', async () => {
    page.socket.serverEmit(
      'join',
      joinedCall({ peers: [{ id: 'customer:1', role: 'customer', name: 'Ana' }] }),
    )
    await page.find('.call-area')
    expect(menu()).to.deep.equal([
      'Call information',
      'Chat',
      'Transfer the call',
      'Invite an agent',
      'Remove the customer',
      'Waiting room',
    ])
    expect(page.$('.call-view')?.dataset.view).to.equal('info')
    await waitUntil(() => $localMedia.get().stream)
    await waitUntil(() => page.$<HTMLVideoElement>('.self-video video')?.srcObject)
  })

  it('shows the agent form, file share, capture, apps and recording entries only when they apply', async () => {
    receiveConsoleSettings(
      settings({
        fileShare: { enabled: true },
        capture: { enabled: true },
        apps: [{ name: 'scan', label: 'Scan', devices: [] }],
      }),
    )
    const recording = { ...joinedCall().recordingsSettings, enabled: true, automaticRecord: false }
    page.socket.serverEmit('join', joinedCall({ agentForm: form, recordingsSettings: recording }))
    await page.find('.call-area')
    expect(menu()).to.deep.equal([
      'Call information',
      'Agent form',
      'Chat',
      'File sharing',
      'Screen capture',
      'Transfer the call',
      'Invite an agent',
      'Remove the customer',
      'Waiting room',
      'Custom apps',
      'Record the call',
    ])
  })

  it('hides transfer, invite and kick in a meeting and labels hang-up as ending the meeting', async () => {
    startMeeting(meetingJoined())
    await page.find('.call-area')
    expect(menu()).to.not.include('Transfer the call')
    expect(menu()).to.not.include('Invite an agent')
    expect(text(page.$('.hangup-button'))).to.equal('End meeting')
  })

  it('switches views at most every 500 ms', async () => {
    time = fakeClock()
    page.socket.serverEmit('join', joinedCall())
    await page.find('.side-menu')
    page.$<HTMLButtonElement>('.menu-chat')!.click()
    await waitUntil(() => page.$('.call-view')?.dataset.view === 'chat')
    page.$<HTMLButtonElement>('.menu-authorizations')!.click()
    // Give a wrong render its chance: two frames, so effects and their renders have run.
    await frames(2)
    expect(page.$('.call-view')?.dataset.view).to.equal('chat')
    await time.tick(VIEW_SWITCH_DELAY_MS)
    await waitUntil(() => page.$('.call-view')?.dataset.view === 'authorizations')
    // The view comes from its own chunk.
    await waitUntil(
      () => text(page.$('.call-view')).includes('No participants are waiting.'),
      'the waiting room view never showed',
      { timeout: 5_000 },
    )
  })

  it('counts unread chat lines on the chat icon while another view is open, both ways', async () => {
    const call = joinedCall()
    page.socket.answer('chat:message', (payload) =>
      ok({
        id: newId(),
        from: 'agent',
        peerId: call.peerId,
        name: 'Me',
        text: (payload as { text: string }).text,
        at: new Date().toISOString(),
      }),
    )
    page.socket.serverEmit('join', call)
    await page.find('.side-menu')
    const line = (words: string) => ({
      id: newId(),
      from: 'customer',
      peerId: 'customer:1',
      name: 'Ana',
      text: words,
      at: new Date().toISOString(),
    })
    page.socket.serverEmit('chat:message', line('hello'))
    page.socket.serverEmit('chat:message', line('<b>are you there?</b>'))
    await waitUntil(() => text(page.$('.menu-chat')) === '2')
    expect(page.$('.menu-chat')?.getAttribute('aria-label')).to.equal('Chat, 2 new')
    page.$<HTMLButtonElement>('.menu-chat')!.click()
    await waitUntil(() => page.$('.chat-log'))
    await waitUntil(() => text(page.$('.menu-chat')) === '')
    expect(page.$('.chat-log b')).to.equal(null)
    expect(text(page.$('.chat-log'))).to.contain('<b>are you there?</b>')
    const input = page.$<HTMLElement & { value: string }>('.chat-input')!
    input.focus()
    await sendKeys({ type: 'On my way' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text(page.$('.chat-log')).includes('On my way'))
    const sent = page.socket.sent.filter((s) => s.event === 'chat:message').map((s) => s.payload)
    // With the line's own key, so that a line sent again after no answer shows once.
    expect(sent).to.have.length(1)
    expect(sent[0]).to.include({ text: 'On my way' })
    expect(sent[0])
      .to.have.property('key')
      .that.matches(/^[0-9a-f]{32}$/)
  })

  it('blocks hang-up while the agent form is invalid, with the §5 warning in the form view', async () => {
    page.socket.answer('hangup', () => ok())
    page.socket.serverEmit('join', joinedCall({ agentForm: form }))
    ;(await page.find<HTMLElement>('.hangup-button')).click()
    await waitUntil(() => page.$('.hangup-blocked'), 'no warning', { timeout: 3000 })
    expect(text(page.$('.hangup-blocked'))).to.contain(
      'To hang up the call you must complete the required fields.',
    )
    expect(page.socket.sent.some((s) => s.event === 'hangup')).to.equal(false)
    expect($call.get()).to.not.equal(null)
  })

  it('shows customer values as text: no markup from the customer is rendered or run', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">'
    const call = joinedCall({
      customerName: hostile,
      integrationData: { note: hostile },
      form: [{ label: hostile, value: hostile }],
    })
    call.extraData.cityName = hostile
    page.socket.serverEmit('join', call)
    const view = await page.find('.info-view')
    expect(view.querySelector('img')).to.equal(null)
    expect(text(view)).to.contain('<img src=x')
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
  })

  it('isolates customer text for bidi: a right-to-left override in a name cannot turn what follows around', async () => {
    const name = 'Eve \u202Egnp.exe'
    const call = joinedCall({ customerName: name, form: [{ label: 'File', value: 'x\u202Efdp.exe' }] })
    page.socket.serverEmit('join', call)
    const view = await page.find('.info-view')
    const isolated = [...view.querySelectorAll('bdi')].map((element) => element.textContent)
    expect(isolated).to.include(name)
    expect(isolated).to.include('x\u202Efdp.exe')
    for (const element of view.querySelectorAll('bdi'))
      expect(getComputedStyle(element).unicodeBidi).to.equal('isolate')
  })

  it("breaks a customer's name of one long word within the call area, its heading and the info view", async () => {
    // 100 characters, the longest name the customer page sends, and no space to break at.
    const name = `\u202Egnp.exe${'W'.repeat(92)}`
    page.socket.serverEmit(
      'join',
      joinedCall({ customerName: name, peers: [{ id: 'customer:1', role: 'customer', name }] }),
    )
    const heading = await page.find('.call-header h2')
    const view = await page.find('.info-view')
    expect(text(heading)).to.contain(name)
    expect(text(view)).to.contain(name)
    // Nothing runs past its box: the name wraps instead of widening the heading or the view's column.
    for (const element of [page.$('.call-area')!, heading, view, page.$('.call-view')!])
      expect(element.scrollWidth, element.className || element.localName).to.be.at.most(element.clientWidth)
  })

  it("shows the name of whoever is in the large video inside it, whatever the shape of their camera's image", async () => {
    startMeeting(meetingJoined({ peers: [{ id: 'guest:1', role: 'guest', name: 'Tomas Muñoz' }] }))
    await page.find('.call-stage')
    // A 4:3 camera (most webcams, and Chromium's fake one) in the 16:9 stage.
    const canvas = Object.assign(document.createElement('canvas'), { width: 640, height: 480 })
    canvas.getContext('2d')!.fillRect(0, 0, 640, 480)
    $participants.set([
      {
        peerId: 'guest:1',
        name: 'Tomas Muñoz',
        role: 'guest',
        stream: canvas.captureStream(5),
        connected: true,
      },
    ])
    const video = await page.find<HTMLVideoElement>('.main-video video')
    await waitUntil(() => video.videoWidth > 0, 'the video never had a size')
    await frames(2)
    const stage = page.$('.main-video')!.getBoundingClientRect()
    const caption = page.$('.main-video figcaption')!
    expect(text(caption)).to.equal('Tomas Muñoz')
    const box = caption.getBoundingClientRect()
    expect(box.height, 'the caption has no height').to.be.above(0)
    // The stage clips what overflows it: a caption below its bottom edge is not seen.
    expect(box.bottom, 'the caption is below the stage').to.be.at.most(stage.bottom)
    expect(box.top, 'the caption is above the stage').to.be.at.least(stage.top)
  })

  it('says the customer denied their camera and microphone where the agent’s own image does not cover it', async () => {
    const call = joinedCall()
    page.socket.serverEmit('join', call)
    await page.find('.self-video')
    page.socket.serverEmit('customer:permissions', { callId: call.id, camera: false, microphone: false })
    const warning = await page.find('.permission-warning')
    expect(text(warning)).to.equal('The customer denied access to their camera and microphone.')
    await frames(2)
    const said = warning.getBoundingClientRect()
    const self = page.$('.self-video')!.getBoundingClientRect()
    const apart =
      said.bottom <= self.top || self.bottom <= said.top || said.right <= self.left || self.right <= said.left
    expect(apart, 'the agent’s own image lies over the warning').to.equal(true)
  })

  it('counts the comments against the 10,000-character limit and says when they are too long', async () => {
    page.socket.serverEmit('join', joinedCall({ comments: 'Refund' }))
    const field = await page.find('.comments-field sl-textarea')
    await waitUntil(() => field.getAttribute('help-text') === '6 of 10,000 characters', 'no counter')
    editComments('x'.repeat(10_001))
    await waitUntil(() => field.getAttribute('help-text') === '10,001 of 10,000 characters', 'no count over')
    await waitUntil(
      () => text(page.$('.comments-field .save-indicator')).includes('Too long'),
      'not said too long',
    )
    expect(field.getAttribute('aria-invalid')).to.equal('true')
  })

  it('says under the tags that a choice the server did not confirm is not saved yet, until it is', async () => {
    let stalled = true
    page.socket.answer('set:tags', (payload) => {
      if (!stalled) return ok(payload)
      stalled = false
      return NO_REPLY
    })
    const call = joinedCall()
    page.socket.serverEmit('join', call)
    await page.find('.tags-field')
    time = fakeClock()
    await chooseTags([call.tags[0]!._id])
    await waitUntil(
      () => text(page.$('.tags-field-box .save-indicator')) === 'Not saved: will retry',
      'not said unsaved',
    )
    await time.tick(SAVE_RETRY_MS)
    await waitUntil(() => !page.$('.tags-field-box .save-indicator'), 'still said unsaved')
  })

  it('lists the website query parameters in the details modal', async () => {
    page.socket.serverEmit('join', joinedCall())
    const view = await page.find('.customer-details')
    ;[...view.querySelectorAll('sl-button')].find((b) => text(b) === 'Website details')!.click()
    await waitUntil(() => page.$('.website-dialog table'))
    expect(text(page.$('.parameters tbody'))).to.equal('utm_sourcemailorder42')
  })

  it("tags the call's own segment in the transfer modal and lets the agent choose only another", async () => {
    const call = joinedCall()
    const billing = { id: newId(), name: 'Billing' }
    page.api.route('GET', '/api/segments', { status: 200, body: areaPage([billing, call.segment]) })
    page.api.route('GET', '/api/users', { status: 200, body: areaPage([]) })
    page.socket.serverEmit('join', call)
    ;(await page.find<HTMLButtonElement>('.menu-transfer')).click()
    const row = (id: string) => page.$(`.transfer-dialog tr[data-segment-id="${id}"]`)
    await waitUntil(() => row(call.segment.id) && row(billing.id), 'the segments never showed')
    const button = (id: string) => row(id)!.querySelector<HTMLElement & { disabled: boolean }>('sl-button')!
    expect(text(row(call.segment.id)!.querySelector('td'))).to.equal('SupportThis call’s segment')
    expect(button(call.segment.id).disabled).to.equal(true)
    expect(text(row(billing.id)!.querySelector('td'))).to.equal('Billing')
    expect(button(billing.id).disabled).to.equal(false)
    button(billing.id).click()
    await waitUntil(() => text(page.$('.transfer-target')).includes('Billing'), 'Billing never chosen')
  })

  it('moves the focus to Transfer once a target is chosen, and to Invite once an agent is', async () => {
    const call = joinedCall()
    const billing = { id: newId(), name: 'Billing' }
    const carla = {
      id: newId(),
      firstname: 'Carla',
      lastname: 'Castro',
      level: 5,
      status: { online: true, available: true, inCall: false, id: 'available' },
    }
    page.api.route('GET', '/api/segments', { status: 200, body: areaPage([billing, call.segment]) })
    page.api.route('GET', '/api/users', { status: 200, body: areaPage([carla]) })
    page.socket.serverEmit('join', call)
    const focused = (selector: string) => page.$(selector)?.matches(':focus') === true
    const choose = async (dialog: string, row: string) => {
      const select = await page.find<HTMLElement>(`${dialog} tr[${row}] sl-button:not([disabled])`)
      select.focus()
      await sendKeys({ press: 'Enter' })
    }

    ;(await page.find<HTMLButtonElement>('.menu-transfer')).click()
    await choose('.transfer-dialog', `data-segment-id="${billing.id}"`)
    await waitUntil(() => focused('.confirm-transfer'), 'Transfer never took the focus')
    // The agent presses Enter again: the call goes to Billing.
    expect(text(page.$('.transfer-target'))).to.contain('Billing')
    page.$<HTMLElement>('.transfer-dialog sl-button:not(.confirm-transfer)[slot=footer]')!.click()
    await waitUntil(() => !page.$('.transfer-dialog[open]'), 'the transfer dialog never closed')

    ;(await page.find<HTMLButtonElement>('.menu-invite')).click()
    await choose('.invite-dialog', `data-agent-id="${carla.id}"`)
    await waitUntil(() => focused('.confirm-invite'), 'Invite never took the focus')
  })

  it('asks before removing the customer, then kicks, and waits for them no more', async () => {
    receiveConsoleSettings(settings({ fileShare: { enabled: true } }))
    page.socket.answer('kick', () => ok())
    page.socket.serverEmit(
      'join',
      joinedCall({ customerName: 'Ana', peers: [{ id: 'customer:1', role: 'customer', name: 'Ana' }] }),
    )
    ;(await page.find<HTMLButtonElement>('.menu-kick')).click()
    await waitUntil(() => page.$<HTMLElement & { open: boolean }>('.kick-dialog')?.open)
    expect(page.socket.sent.some((s) => s.event === 'kick')).to.equal(false)
    page.$<HTMLElement>('.confirm-kick')!.click()
    await waitUntil(() => page.socket.sent.some((s) => s.event === 'kick'))
    await waitUntil(() => !page.$<HTMLElement & { open: boolean }>('.kick-dialog')?.open)
    // The server takes the customer out: nothing waits for them any more, and the header says what is left to do.
    page.socket.serverEmit('peer:leave', { peerId: 'customer:1' })
    await waitUntil(() => text(page.$('.call-header')).includes('You removed Ana from the call.'))
    expect(text(page.$('.main-video'))).to.equal('The customer is no longer in the call.')
    page.$<HTMLButtonElement>('.menu-fileshare')!.click()
    await waitUntil(
      () => page.$('.beamport-state[data-phase="gone"]'),
      'the files view still offers to connect',
    )
    expect(text(page.$('.beamport-state'))).to.equal('The customer is no longer in the call.')
  })

  it('shows the waiting room of a meeting with accept and deny', async () => {
    const joined = meetingJoined({
      pendingAuthorizations: [
        { sessionId: 'guest-session-1', createdAt: new Date().toISOString(), name: 'Luis' },
      ],
    })
    page.socket.answer('meeting:deny', () => ok({ appointmentId: joined.appointment.id, data: [] }))
    startMeeting(joined)
    await page.find('.side-menu')
    expect(text(page.$('.menu-authorizations'))).to.equal('1')
    page.$<HTMLButtonElement>('.menu-authorizations')!.click()
    const deny = await page.find<HTMLElement>('.authorization .deny')
    expect(text(page.$('.authorization'))).to.contain('Luis')
    deny.click()
    await waitUntil(() => text(page.$('.call-view')).includes('No participants are waiting.'))
    expect(page.socket.sent.find((s) => s.event === 'meeting:deny')?.payload).to.deep.equal({
      sessionId: 'guest-session-1',
    })
  })

  it('keeps the focus in the waiting room as the keyboard lets people in and turns them away', async () => {
    const now = new Date().toISOString()
    const luis = { sessionId: 'guest-session-1', createdAt: now, name: 'Luis' }
    const marta = { sessionId: 'guest-session-2', createdAt: now, name: 'Marta' }
    const joined = meetingJoined({ pendingAuthorizations: [luis, marta] })
    page.socket.answer('meeting:accept', () => ok({ appointmentId: joined.appointment.id, data: [marta] }))
    page.socket.answer('meeting:deny', () => ok({ appointmentId: joined.appointment.id, data: [] }))
    startMeeting(joined)
    ;(await page.find<HTMLButtonElement>('.menu-authorizations')).click()
    const focused = () => shadowOf(page.panel).activeElement
    const accept = await page.find<HTMLElement>('.authorization .accept')
    accept.focus()
    await sendKeys({ press: 'Enter' })
    // Luis is in: the focus is on the next person's first button, not on the page.
    await waitUntil(
      () => text(page.$('.authorizations')) && !text(page.$('.authorizations')).includes('Luis'),
    )
    await waitUntil(() => focused()?.matches('.authorization .accept'), 'the focus left the waiting room')
    expect(text(focused()!.closest('.authorization'))).to.contain('Marta')
    await sendKeys({ press: 'Tab' })
    expect(focused()?.matches('.authorization .deny')).to.equal(true)
    await sendKeys({ press: 'Enter' })
    // Nobody is left: the focus is on the line that says so.
    await waitUntil(
      () => focused()?.matches('.authorizations-empty'),
      'the focus left the emptied waiting room',
    )
    expect(
      page.socket.sent.filter((s) => s.event.startsWith('meeting:')).map((s) => s.payload),
    ).to.deep.equal([{ sessionId: 'guest-session-1' }, { sessionId: 'guest-session-2' }])
  })

  it('notifies the queue once by keyboard and keeps the focus on the button while it loads', async () => {
    page.socket.answer('qms:notify', () => ok(null))
    page.socket.serverEmit('join', joinedCall())
    const button = await page.find<HTMLElement & { loading: boolean }>('.notify-queue')
    button.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => button.loading, 'not loading')
    expect(shadowOf(page.panel).activeElement === button, 'the focus left the button').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(page.socket.sent.filter((s) => s.event === 'qms:notify')).to.have.length(1)
  })

  it('toggles microphone and camera with Alt+m, Alt+c and both with Alt+t', async () => {
    page.socket.serverEmit('join', joinedCall())
    await waitUntil(() => $localMedia.get().stream)
    await page.find('.call-controls')
    const alt = async (code: string) => {
      await sendKeys({ down: 'Alt' })
      await sendKeys({ press: code })
      await sendKeys({ up: 'Alt' })
    }
    const track = (kind: 'audio' | 'video') =>
      $localMedia
        .get()
        .stream!.getTracks()
        .find((t) => t.kind === kind)!
    // Outside the console (the host page's own field), the shortcuts do nothing.
    const hostField = document.body.appendChild(document.createElement('input'))
    hostField.focus()
    await alt('KeyM')
    expect(track('audio').enabled).to.equal(true)
    hostField.remove()
    ;(await page.find<HTMLElement>('.call-controls .control')).focus()
    await alt('KeyM')
    expect(track('audio').enabled).to.equal(false)
    await alt('KeyC')
    expect(track('video').enabled).to.equal(false)
    await alt('KeyT')
    expect([track('audio').enabled, track('video').enabled]).to.deep.equal([true, true])
    await alt('KeyT')
    expect([track('audio').enabled, track('video').enabled]).to.deep.equal([false, false])
    expect($callView.get()).to.equal('info')
  })

  describe('picture-in-picture', () => {
    let requested: HTMLVideoElement[] = []
    let exits = 0
    const original = {
      request: HTMLVideoElement.prototype.requestPictureInPicture,
      exit: Document.prototype.exitPictureInPicture,
      element: Object.getOwnPropertyDescriptor(Document.prototype, 'pictureInPictureElement'),
    }
    let inPip: Element | null = null
    beforeEach(() => {
      requested = []
      exits = 0
      inPip = null
      // The browser's picture-in-picture needs a real window manager: record the requests instead.
      HTMLVideoElement.prototype.requestPictureInPicture = function (this: HTMLVideoElement) {
        requested.push(this)
        inPip = requested.at(-1) ?? null
        return Promise.resolve({} as PictureInPictureWindow)
      }
      Document.prototype.exitPictureInPicture = () => {
        exits += 1
        inPip = null
        return Promise.resolve()
      }
      Object.defineProperty(Document.prototype, 'pictureInPictureElement', {
        configurable: true,
        get: () => inPip,
      })
    })
    afterEach(() => {
      HTMLVideoElement.prototype.requestPictureInPicture = original.request
      Document.prototype.exitPictureInPicture = original.exit
      if (original.element)
        Object.defineProperty(Document.prototype, 'pictureInPictureElement', original.element)
    })

    async function customerOnScreen(): Promise<HTMLVideoElement> {
      page.socket.serverEmit('join', joinedCall())
      await page.find('.call-stage')
      const canvas = document.createElement('canvas')
      canvas.getContext('2d')!.fillRect(0, 0, 10, 10)
      $participants.set([
        {
          peerId: 'customer:1',
          name: 'Ana',
          role: 'customer',
          stream: canvas.captureStream(5),
          connected: true,
        },
      ])
      const video = await page.find<HTMLVideoElement>('.main-video video')
      await waitUntil(() => video.readyState >= 1, 'no metadata')
      return video
    }

    it('enters when the window loses focus during a call and leaves on focus', async () => {
      const video = await customerOnScreen()
      window.dispatchEvent(new Event('blur'))
      await waitUntil(() => requested.length === 1)
      expect(requested[0]).to.equal(video)
      window.dispatchEvent(new Event('focus'))
      await waitUntil(() => exits === 1)
    })

    it('toggles with Alt+w', async () => {
      const video = await customerOnScreen()
      // A control that can hold the focus (the media ones wait for the camera), once Shoelace rendered it:
      // the shortcuts act only while the focus is inside the console.
      const control = await page.find<HTMLElement & { updateComplete: Promise<unknown> }>(
        '.call-controls .control:not([disabled])',
      )
      await control.updateComplete
      control.focus()
      await waitUntil(() => control.matches(':focus-within'), 'no call control took the focus', {
        timeout: 5_000,
      })
      await sendKeys({ down: 'Alt' })
      await sendKeys({ press: 'KeyW' })
      await sendKeys({ up: 'Alt' })
      // The keys travel through the test runner's browser protocol: a loaded machine takes its time.
      await waitUntil(() => requested.length === 1, 'Alt+w did not enter picture-in-picture', {
        timeout: 5_000,
      })
      expect(requested[0]).to.equal(video)
      await sendKeys({ down: 'Alt' })
      await sendKeys({ press: 'KeyW' })
      await sendKeys({ up: 'Alt' })
      await waitUntil(() => exits === 1, 'Alt+w did not leave picture-in-picture', { timeout: 5_000 })
    })
  })
})
