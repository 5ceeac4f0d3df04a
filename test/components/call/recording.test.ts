import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { RECORDING_STOP_WAIT_MS } from '../../../src/constants'
import type { RecordingsSettings } from '../../../src/protocol'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { $recording } from '../../../src/stores/call/recording'
import { consoleSettings, joinedCall, ok, refused } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { fakeRecorder, type FakeRecorder } from '../../support/fake-recorder'
import { $toasts } from '../../../src/stores/app/toasts'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
const RECORDING_ID = 'abcdefabcdefabcdefabcdef'

describe('recording a call in <agent-call-panel>', () => {
  let page: CallPage
  let time: FakeClock
  let recorder: FakeRecorder
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings())
    recorder = fakeRecorder()
    time = fakeClock()
    page.socket.answer('recording', (payload) => {
      const { action } = payload as { action: string }
      const status = { start: 'recording', pause: 'paused', resume: 'recording', stop: 'processing' }[action]
      return ok({ recordingId: RECORDING_ID, status })
    })
  })
  afterEach(() => {
    page.close()
    time.restore()
    recorder.restore()
    resetSettings()
  })

  const settings = (overrides: Partial<RecordingsSettings> = {}): RecordingsSettings => ({
    ...joinedCall().recordingsSettings,
    enabled: true,
    automaticRecord: false,
    ...overrides,
  })
  const join = async (recording: Partial<RecordingsSettings> = {}) => {
    page.socket.serverEmit('join', joinedCall({ recordingsSettings: settings(recording) }))
    await page.find('.call-area')
  }
  const sent = (event: string) =>
    page.socket.sent.filter((item) => item.event === event).map((item) => item.payload)
  const customerStatuses = () =>
    sent('exchange:customer').map((payload) => (payload as { event: string; data: boolean }).data)
  const toasts = () => $toasts.get().map((toast) => toast.messageId)
  const button = (selector: string) => page.$<HTMLElement>(selector)
  const phase = () => page.$('.recording-bar')?.getAttribute('data-phase') ?? 'idle'
  const elapsed = () => text(page.$('.recording-time time'))

  it('shows the button only when recordings are enabled and not automatic', async () => {
    await join({ enabled: false })
    expect(page.$('.menu-recording')).to.equal(null)
    page.close()
    page = await openCallPage()
    await join({ enabled: true, automaticRecord: false })
    const record = await page.find('.menu-recording')
    expect(record.getAttribute('aria-label')).to.equal('Record the call')
    expect(record.getAttribute('aria-pressed')).to.equal('false')
    expect(page.$('.recording-bar')).to.equal(null)
    expect(sent('recording')).to.deep.equal([])
  })

  it('starts an automatic recording as soon as the call joins, with no button, and tells the customer', async () => {
    await join({ automaticRecord: true })
    await waitUntil(() => phase() === 'recording', 'the automatic recording never started', {
      timeout: 5_000,
    })
    expect(page.$('.menu-recording')).to.equal(null)
    expect(text(page.$('.recording-bar'))).to.contain('Recorded automatically')
    expect(page.$('.recording-stop')).to.equal(null)
    expect(sent('recording')).to.deep.equal([{ action: 'start', type: 'cloud' }])
    expect(customerStatuses()).to.deep.equal([true])
  })

  it('starts, pauses, resumes and stops, counting only the recorded time, and tells the customer each time', async function () {
    // Nine waits, each with its own limit: on a loaded machine (the build beside the suite) together they once
    // outlasted mocha's 10 s for the whole test, with none of them failing.
    this.timeout(30_000)
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => phase() === 'recording', 'never recording', { timeout: 5_000 })
    expect(page.$('.menu-recording')?.getAttribute('aria-pressed')).to.equal('true')
    expect(text(page.$('.recording-state'))).to.equal('Recording')
    expect(elapsed()).to.equal('00:00:00')
    await time.tick(3_000)
    await waitUntil(() => elapsed() === '00:00:03', `elapsed ${elapsed()}`)
    button('.recording-pause')!.click()
    await waitUntil(() => phase() === 'paused')
    expect(text(page.$('.recording-state'))).to.equal('Recording paused')
    await time.tick(5_000)
    expect(elapsed()).to.equal('00:00:03')
    button('.recording-resume')!.click()
    await waitUntil(() => phase() === 'recording')
    await time.tick(2_000)
    await waitUntil(() => elapsed() === '00:00:05', `elapsed ${elapsed()}`)
    button('.recording-stop')!.click()
    await waitUntil(() => phase() === 'stopping' || phase() === 'idle')
    // The last chunk is awaited at most 500 ms (SPEC §9).
    await time.tick(RECORDING_STOP_WAIT_MS)
    await waitUntil(() => phase() === 'idle', 'the recording never finished', { timeout: 5_000 })
    expect(sent('recording').map((payload) => (payload as { action: string }).action)).to.deep.equal([
      'start',
      'pause',
      'resume',
      'stop',
    ])
    expect(customerStatuses()).to.deep.equal([true, false, true, false])
    expect(recorder.finishes).to.have.length(1)
    expect(toasts()).to.include('call.recording.saved')
    // The call goes on.
    expect(page.$('.hangup-button')).to.not.equal(null)
  })

  it('passes axe with the recording bar shown, recording and paused', async () => {
    await join({ video: false })
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => phase() === 'recording', 'never recording', { timeout: 5_000 })
    await expect(page.$('.recording-bar')).to.be.accessible()
    button('.recording-pause')!.click()
    await waitUntil(() => phase() === 'paused')
    await expect(page.$('.recording-bar')).to.be.accessible()
  })

  it('stops by itself at maxBytes, with a notice', async () => {
    await join({ maxBytes: 1, video: false })
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => phase() === 'recording', 'never recording', { timeout: 5_000 })
    // The first 1000 ms chunk of the browser's MediaRecorder is over the limit.
    await waitUntil(() => toasts().includes('call.recording.maxBytes'), 'no size notice', { timeout: 8_000 })
    await time.tick(RECORDING_STOP_WAIT_MS)
    await waitUntil(() => phase() === 'idle', 'never stopped', { timeout: 5_000 })
    expect(customerStatuses()).to.deep.equal([true, false])
    expect(sent('recording').map((payload) => (payload as { action: string }).action)).to.deep.equal([
      'start',
      'stop',
    ])
  })

  it('says "Recording not found" with its hint when the server does not know the recording; the call goes on', async () => {
    page.socket.answer('recording', () => refused(404, 'Recording not found'))
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => toasts().includes('call.recording.notFound'), 'no notice')
    await waitUntil(
      () =>
        text(page.$('.toast-stack')).includes(
          'Recording not found. If this keeps happening, contact your administrator.',
        ),
      'the notice is not on screen',
    )
    expect(phase()).to.equal('idle')
    expect(customerStatuses()).to.deep.equal([])
    expect(page.$('.hangup-button')).to.not.equal(null)
  })

  it('says "call.recording.error" with the reason when the upload is refused; the call goes on', async () => {
    recorder.refuse(401, 'Invalid or expired recording token')
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => toasts().includes('call.recording.error'), 'no error notice', { timeout: 5_000 })
    const toast = $toasts.get().find((item) => item.messageId === 'call.recording.error')
    expect(toast?.values).to.deep.equal({ reason: 'Invalid or expired recording token' })
    await waitUntil(() => phase() === 'idle')
    // The customer was never told it was recorded.
    expect(customerStatuses()).to.deep.equal([])
    expect(page.$('.hangup-button')).to.not.equal(null)
    expect(page.$('.call-area')).to.not.equal(null)
  })

  it('says "call.recording.error" with the browser’s reason when MediaRecorder fails mid-recording; the call goes on', async () => {
    // The browser's own MediaRecorder, made to fail as an encoder does: an "error" event with the reason.
    const Real = window.MediaRecorder
    const made: MediaRecorder[] = []
    window.MediaRecorder = class extends Real {
      constructor(stream: MediaStream, options?: MediaRecorderOptions) {
        super(stream, options)
        made.push(this)
      }
    }
    try {
      await join({ video: false })
      ;(await page.find('.menu-recording')).click()
      await waitUntil(() => phase() === 'recording', 'never recording', { timeout: 5_000 })
      const failure = new Event('error') as Event & { error: DOMException }
      failure.error = new DOMException('The encoder ran out of memory', 'EncodingError')
      made[0]!.dispatchEvent(failure)
      await waitUntil(() => toasts().includes('call.recording.error'), 'no error notice', { timeout: 5_000 })
      const toast = $toasts.get().find((item) => item.messageId === 'call.recording.error')
      expect(toast?.values).to.deep.equal({ reason: 'The encoder ran out of memory' })
      await waitUntil(() => text(page.$('.toast-stack')).includes('The encoder ran out of memory'))
      await waitUntil(() => phase() === 'idle')
      // The customer is told it no longer is; the server closes the recording; the call goes on.
      expect(customerStatuses()).to.deep.equal([true, false])
      expect(sent('recording').map((payload) => (payload as { action: string }).action)).to.deep.equal([
        'start',
        'stop',
      ])
      expect(page.$('.hangup-button')).to.not.equal(null)
      expect(page.$('.call-area')).to.not.equal(null)
    } finally {
      window.MediaRecorder = Real
    }
  })

  it('keeps unacknowledged chunks through a dropped link and sends them again after reconnecting', async () => {
    await join({ video: false })
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => recorder.chunks.length >= 1, 'no chunk uploaded', { timeout: 8_000 })
    // The next chunk reaches the server but its acknowledgement is lost; then the link drops.
    recorder.loseAcks()
    const before = recorder.chunks.length
    await waitUntil(() => recorder.chunks.length > before, 'no chunk sent', { timeout: 8_000 })
    const lost = recorder.chunks.at(-1)!.seq
    recorder.drop()
    await waitUntil(() => $recording.get().upload === 'reconnecting')
    expect(text(page.$('.recording-bar'))).to.contain('Upload interrupted: reconnecting.')
    // Reconnecting waits on the console's clock; then the kept chunks go again, in order.
    await time.tick(500)
    await waitUntil(() => $recording.get().upload === 'online')
    await waitUntil(
      () => recorder.chunks.filter((chunk) => chunk.seq === lost).length === 2,
      'never resent',
      {
        timeout: 5_000,
      },
    )
    button('.recording-stop')!.click()
    await time.tick(RECORDING_STOP_WAIT_MS)
    await waitUntil(() => phase() === 'idle', 'never finished', { timeout: 8_000 })
    const seqs = [...new Set(recorder.chunks.map((chunk) => chunk.seq))].sort((a, b) => a - b)
    expect(seqs).to.deep.equal(seqs.map((_, index) => index))
    expect(recorder.finishes).to.deep.equal([{ chunks: seqs.length }])
    expect(toasts()).to.include('call.recording.saved')
  })

  it('hang-up stops the recording and waits for its last acknowledgement before ending the call', async () => {
    page.socket.answer('hangup', () => ok(null))
    await join({ video: false })
    ;(await page.find('.menu-recording')).click()
    await waitUntil(() => recorder.chunks.length >= 1, 'no chunk uploaded', { timeout: 8_000 })
    page.$<HTMLElement>('.hangup-button')!.click()
    await time.tick(RECORDING_STOP_WAIT_MS)
    await waitUntil(() => sent('hangup').length === 1, 'never hung up', { timeout: 8_000 })
    const order = page.socket.sent
      .map((item) => item.event)
      .filter((event) => event === 'hangup' || event === 'finish')
    expect(order).to.deep.equal(['hangup'])
    expect(recorder.finishes).to.have.length(1)
    expect(customerStatuses()).to.deep.equal([true, false])
  })
})
