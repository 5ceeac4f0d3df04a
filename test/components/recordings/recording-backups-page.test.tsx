import { expect, nextFrame } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { cleanStores } from 'nanostores'
import type { RecordingBackup } from '../../../src/protocol'
import RecordingBackupsPage from '../../../src/components/pages/RecordingBackupsPage'
import { $recordingBackups, BACKUPS_REFRESH_MS } from '../../../src/stores/recordings/recording-backups'
import { clearToasts } from '../../../src/stores/app/toasts'
import { fakeApi, type FakeApi } from '../../support/fake-api'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { newId } from '../../support/call-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

const backup = (overrides: Partial<RecordingBackup> = {}): RecordingBackup => ({
  id: newId(),
  from: '2026-03-01',
  to: '2026-03-31',
  status: 'building',
  progress: 0.5,
  count: 4,
  size: null,
  createdAt: new Date().toISOString(),
  expiresAt: null,
  downloadUrl: null,
  ...overrides,
})

describe('the recordings backups page (/profile/recordings/backups)', () => {
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
  // The form reads what was typed once it rendered it.
  const submit = async () => {
    await nextFrame()
    $<HTMLButtonElement>('form.backup-request button[type=submit]')!.click()
  }

  it('asks for a backup of a range of days, shows it being prepared, then ready to download with its size', async () => {
    let listed: RecordingBackup[] = []
    api.route('GET', '/api/recording-backups', () => ({ status: 200, body: { data: listed } }))
    const building = backup()
    api.route('POST', '/api/recording-backups', () => {
      listed = [building]
      return { status: 201, body: building }
    })
    area = await renderArea(<RecordingBackupsPage />)
    await waitUntil(() => text($('.empty-state')) === 'You have not asked for a backup yet.')
    await submit()
    await waitUntil(() => text($('#backup-problem')) === 'Choose the first and the last day.')
    set('from', '2026-03-31')
    set('to', '2026-03-01')
    await submit()
    await waitUntil(() => text($('#backup-problem')) === 'The first day must not be after the last one.')
    expect(api.to('/api/recording-backups').filter((request) => request.method === 'POST')).to.have.length(0)
    set('from', '2026-03-01')
    set('to', '2026-03-31')
    await submit()
    await waitUntil(() => $('tr[data-status="building"]'), 'no building backup')
    const post = api.to('/api/recording-backups').find((request) => request.method === 'POST')
    expect(post?.body).to.deep.equal({
      from: '2026-03-01',
      to: '2026-03-31',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    expect(text($('tr[data-status="building"]'))).to.contain('Preparing')
    expect($('tr[data-status="building"] progress.progress-bar')?.getAttribute('value')).to.equal('50')
    expect($('tr[data-status="building"] sl-icon-button.download')?.hasAttribute('disabled')).to.equal(true)
    // The progress bar and the disabled download have names a screen reader reads (axe).
    await expect($('.backups-page')).to.be.accessible()
    // While it is prepared the page looks again every 2 s (the console's clock).
    listed = [
      {
        ...building,
        status: 'ready',
        progress: 1,
        size: 3_200_000,
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        downloadUrl: `/recording-backups/${building.id}/download?token=t`,
      },
    ]
    const before = api.to('/api/recording-backups').length
    await time.tick(BACKUPS_REFRESH_MS)
    await waitUntil(() => api.to('/api/recording-backups').length > before)
    await waitUntil(() => $('tr[data-status="ready"]'), 'never ready')
    const ready = $('tr[data-status="ready"]')!
    expect(text(ready)).to.contain('Ready')
    expect(text(ready)).to.contain('3.2 MB')
    expect(ready.querySelector('sl-icon-button.download')?.hasAttribute('disabled')).to.equal(false)
    await expect($('.backups-page')).to.be.accessible()
  })

  it('says "You haven\'t access to recordings" on 403', async () => {
    api.route('GET', '/api/recording-backups', {
      status: 403,
      body: { code: 403, message: "You haven't access to recordings" },
    })
    area = await renderArea(<RecordingBackupsPage />)
    await waitUntil(() => text($('.forbidden')) === "You haven't access to recordings")
    expect($('form.backup-request')).to.equal(null)
  })
})
