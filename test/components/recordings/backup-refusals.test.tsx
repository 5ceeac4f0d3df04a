import { nextFrame } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { cleanStores } from 'nanostores'
import RecordingBackupsPage from '../../../src/components/pages/RecordingBackupsPage'
import { $recordingBackups } from '../../../src/stores/recordings/recording-backups'
import { clearToasts } from '../../../src/stores/app/toasts'
import { fakeApi, type FakeApi } from '../../support/fake-api'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

// Issue 64 "storage quotas": a backup refused because one is being made is said in the agent's language.
describe('a backup refused on the backups page', () => {
  let api: FakeApi
  let time: FakeClock
  let area: RenderedArea | null = null
  beforeEach(() => {
    signIn(Date.now())
    api = fakeApi()
    time = fakeClock()
  })
  afterEach(() => {
    area?.unmount()
    area = null
    time.restore()
    api.restore()
    clearToasts()
    cleanStores($recordingBackups)
    resetSession()
  })

  const $ = <E extends Element = HTMLElement>(selector: string) => area!.shadow.querySelector<E>(selector)
  const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const set = (name: string, value: string) => {
    const field = $<HTMLInputElement>(`form.backup-request [name=${name}]`)!
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }

  it('says a backup is already being prepared (409 backup-in-progress), as an alert by the form', async () => {
    api.route('GET', '/api/recording-backups', { status: 200, body: { data: [] } })
    api.route('POST', '/api/recording-backups', {
      status: 409,
      body: {
        code: 409,
        message: 'A backup is already being made: wait until it is ready',
        reason: 'backup-in-progress',
      },
    })
    area = await renderArea(<RecordingBackupsPage />)
    await waitUntil(() => $('.empty-state'))
    set('from', '2026-03-01')
    set('to', '2026-03-31')
    await nextFrame()
    $<HTMLButtonElement>('form.backup-request button[type=submit]')!.click()
    await waitUntil(
      () =>
        text($('#backup-problem')) ===
        'A backup is already being prepared: wait until it is ready, then ask for another.',
      'the refusal is not said',
    )
    await waitUntil(() => $('#backup-problem')?.getAttribute('role') === 'alert')
  })
})
