import { expect, nextFrame } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import { cleanStores } from 'nanostores'
import type { RecordingBackup } from '../../../src/protocol'
import RecordingBackupsPage from '../../../src/components/pages/RecordingBackupsPage'
import { $recordingBackups, BACKUPS_REFRESH_MS } from '../../../src/stores/recordings/recording-backups'
import { $toasts, clearToasts } from '../../../src/stores/app/toasts'
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

  const ready = (overrides: Partial<RecordingBackup> = {}) => {
    const made = backup({ status: 'ready', progress: 1, size: 1_000_000, ...overrides })
    return {
      ...made,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      downloadUrl: `/recording-backups/${made.id}/download?token=t`,
    }
  }

  it('keeps the keyboard focus on the list as backups are deleted, then on the line that says none is left', async () => {
    const march = ready()
    const april = ready({ from: '2026-04-01', to: '2026-04-30' })
    let listed = [march, april]
    api.route('GET', '/api/recording-backups', () => ({ status: 200, body: { data: listed } }))
    for (const one of [march, april])
      api.route('DELETE', `/api/recording-backups/${one.id}`, () => {
        listed = listed.filter((other) => other.id !== one.id)
        return { status: 200, body: { ok: true } }
      })
    area = await renderArea(<RecordingBackupsPage />)
    const focused = () => area!.shadow.activeElement
    await waitUntil(() => $(`tr[data-backup-id="${march.id}"] sl-icon-button.delete`), 'no backups')
    $<HTMLElement>(`tr[data-backup-id="${march.id}"] sl-icon-button.delete`)!.focus()
    await sendKeys({ press: 'Enter' })
    // March is gone: the focus is on the first button of the backup now in its place.
    await waitUntil(() => !$(`tr[data-backup-id="${march.id}"]`), 'march was not deleted')
    await waitUntil(() => focused()?.closest(`tr[data-backup-id="${april.id}"]`), 'the focus left the list')
    expect(focused()?.matches('sl-icon-button.download')).to.equal(true)
    await sendKeys({ press: 'Tab' })
    expect(focused()?.matches('sl-icon-button.delete')).to.equal(true)
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => focused()?.matches('.empty-state'), 'the focus left the emptied list')
    expect(text(focused()!)).to.equal('You have not asked for a backup yet.')
    expect(api.requests.filter((request) => request.method === 'DELETE')).to.have.length(2)
  })

  it('says the backup could not be deleted, keeps its row, and sends one delete however often it is pressed', async () => {
    const march = ready()
    api.route('GET', '/api/recording-backups', { status: 200, body: { data: [march] } })
    let answer: (() => void) | null = null
    api.route(
      'DELETE',
      `/api/recording-backups/${march.id}`,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 500, body: { code: 500, message: 'Disk unavailable' } })
        }),
    )
    area = await renderArea(<RecordingBackupsPage />)
    await waitUntil(() => $('sl-icon-button.delete'), 'no backup')
    const remove = $<HTMLElement>('sl-icon-button.delete')!
    remove.click()
    remove.click()
    await waitUntil(() => answer, 'no delete sent')
    answer!()
    await waitUntil(() => $toasts.get().length > 0, 'no toast')
    expect($toasts.get().map((toast) => [toast.variant, toast.messageId, toast.values])).to.deep.equal([
      ['danger', 'backups.deleteFailed', { reason: 'Disk unavailable' }],
    ])
    expect(api.requests.filter((request) => request.method === 'DELETE')).to.have.length(1)
    expect($(`tr[data-backup-id="${march.id}"]`)).to.not.equal(null)
  })

  it('sends one request however often the button is pressed, and the button keeps the focus', async () => {
    api.route('GET', '/api/recording-backups', { status: 200, body: { data: [] } })
    let answer: (() => void) | null = null
    api.route(
      'POST',
      '/api/recording-backups',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 201, body: backup() })
        }),
    )
    area = await renderArea(<RecordingBackupsPage />)
    await waitUntil(() => $('.empty-state'))
    set('from', '2026-03-01')
    set('to', '2026-03-31')
    await nextFrame()
    const button = $<HTMLButtonElement>('form.backup-request button[type=submit]')!
    button.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => answer, 'no request sent')
    await waitUntil(() => button.getAttribute('aria-disabled') === 'true')
    await sendKeys({ press: 'Enter' })
    expect(area.shadow.activeElement === button, 'the focus left the button').to.equal(true)
    answer!()
    await waitUntil(() => button.getAttribute('aria-disabled') === 'false')
    expect(api.to('/api/recording-backups').filter((request) => request.method === 'POST')).to.have.length(1)
    expect(area.shadow.activeElement === button, 'the focus left the button').to.equal(true)
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

  // Issue 64 "storage quotas": a backup refused because one is being made, said in the agent's language.
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
