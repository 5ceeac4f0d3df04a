import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import type { RecordingsSettings } from '../../../src/protocol'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { $recording } from '../../../src/stores/call/recording'
import { $toasts } from '../../../src/stores/app/toasts'
import { consoleSettings, joinedCall, ok, refused } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { fakeRecorder, type FakeRecorder } from '../../support/fake-recorder'
import { beamCall } from '../../support/beam-call'
import { patternBytes } from '../../support/memory-channel'

// Issue 64 "storage quotas": the server's refusals name the quota, and the agent reads which one, translated.
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
const RECORDING_ID = 'abcdefabcdefabcdefabcdef'
const ACCOUNT_FULL =
  'Your account’s recordings storage is full: nothing more can be recorded. Delete old recordings or ask your administrator. The call goes on.'

describe('recording refused by a storage quota in <agent-call-panel>', () => {
  let page: CallPage
  let time: FakeClock
  let recorder: FakeRecorder
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings())
    recorder = fakeRecorder()
    time = fakeClock()
  })
  afterEach(() => {
    page.close()
    time.restore()
    recorder.restore()
    resetSettings()
  })

  const join = async () => {
    // Audio alone: the real MediaRecorder's chunks come sooner on a loaded machine.
    const settings: RecordingsSettings = {
      ...joinedCall().recordingsSettings,
      enabled: true,
      automaticRecord: false,
      video: false,
    }
    page.socket.serverEmit('join', joinedCall({ recordingsSettings: settings }))
    await page.find('.call-area')
  }
  const toastsOnScreen = () => text(page.$('.toast-stack'))
  const customerStatuses = () =>
    page.socket.sent
      .filter((item) => item.event === 'exchange:customer')
      .map((item) => (item.payload as { data: boolean }).data)

  it('says the account’s recordings storage is full when the start is refused; the call goes on', async () => {
    page.socket.answer('recording', () =>
      refused(413, 'The account’s recordings storage is full (50 GiB)', {
        reason: 'account-recordings-quota',
      }),
    )
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(
      () => toastsOnScreen().includes(ACCOUNT_FULL),
      `the notice is not on screen: ${toastsOnScreen()}`,
    )
    expect($toasts.get().map((toast) => toast.messageId)).to.include('call.recording.accountQuota')
    expect($recording.get().phase).to.equal('idle')
    expect(customerStatuses()).to.deep.equal([])
    expect(page.$('.hangup-button')).to.not.equal(null)
  })

  it('says so when the recorder refuses a chunk mid-recording, and stops recording', async () => {
    page.socket.answer('recording', (payload) =>
      ok({
        recordingId: RECORDING_ID,
        status: (payload as { action: string }).action === 'stop' ? 'processing' : 'recording',
      }),
    )
    recorder.refuseChunks(
      413,
      'The account’s recordings storage is full (50 GiB)',
      'account-recordings-quota',
    )
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(
      () => toastsOnScreen().includes(ACCOUNT_FULL),
      `the notice is not on screen: ${toastsOnScreen()}`,
      { timeout: 8_000 },
    )
    await waitUntil(() => $recording.get().phase === 'idle', 'still recording')
    expect(page.$('.hangup-button')).to.not.equal(null)
  })

  it('says the recording reached its size limit when the recorder refuses with recording-quota', async () => {
    page.socket.answer('recording', () => ok({ recordingId: RECORDING_ID, status: 'recording' }))
    recorder.refuseChunks(413, 'A recording stores at most 65536 bytes', 'recording-quota')
    await join()
    ;(await page.find('.menu-recording')).click()
    await waitUntil(
      () => toastsOnScreen().includes('The recording reached its size limit and stopped.'),
      `the notice is not on screen: ${toastsOnScreen()}`,
      { timeout: 8_000 },
    )
  })
})

describe('saving a file refused by the account’s files quota in <agent-call-panel>', () => {
  const FILES_FULL =
    'Your account’s file storage is full: the file was not saved. It is still here. Ask your administrator to make room.'

  it('names the quota whether the authorization or the upload is refused; the file stays', async () => {
    const call = await beamCall()
    try {
      const { page, customer, uploads } = call
      const row = () => page.$<HTMLLIElement>('.file-item[data-id="pdf-q"]')
      const toasts = () => text(page.$('.toast-stack'))
      await call.connect('files')
      customer
        .exchange('files')
        .send(new File([patternBytes(20_000, 5)], 'q.pdf', { type: 'application/pdf' }), 'pdf-q', 'q.pdf')
      await waitUntil(() => row()?.dataset.state === 'received', 'never received', { timeout: 10_000 })

      const full = {
        code: 413,
        message: 'The account’s file storage is full (5 GiB)',
        reason: 'account-files-quota',
      }
      page.api.route('POST', '/api/files/authorization', { status: 413, body: full })
      row()?.querySelector<HTMLElement>('.file-save')?.click()
      await waitUntil(() => toasts().includes(FILES_FULL), `no quota notice: ${toasts()}`, { timeout: 5_000 })
      await waitUntil(() => row()?.dataset.state === 'received', 'the file is not back')
      expect(text(row()?.querySelector('.file-error'))).to.equal(FILES_FULL)

      // Another upload took the room between the authorization and the bytes: the upload's refusal says the same.
      page.api.route('POST', '/api/files/authorization', {
        status: 200,
        body: { accessToken: 'file-token', expiresAt: new Date(Date.now() + 600_000).toISOString() },
      })
      $toasts.set([])
      row()?.querySelector<HTMLElement>('.file-save')?.click()
      await waitUntil(() => uploads.length === 1, 'no upload started', { timeout: 5_000 })
      uploads[0]?.finish({ status: 413, body: full })
      await waitUntil(() => toasts().includes(FILES_FULL), `no quota notice: ${toasts()}`, { timeout: 5_000 })
      await waitUntil(() => row()?.dataset.state === 'received', 'the file is not back')
      expect(row()?.querySelector('.file-save')).to.exist
    } finally {
      call.close()
      resetSettings()
    }
  })
})
