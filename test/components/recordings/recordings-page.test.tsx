import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import { cleanStores } from 'nanostores'
import type { Recording } from '../../../src/protocol'
import RecordingsPage from '../../../src/components/pages/RecordingsPage'
import { $recordingsList } from '../../../src/stores/recordings/recordings-list'
import { $recordingPlayer } from '../../../src/stores/recordings/recording-player'
import { navigate, $path } from '../../../src/stores/shell/router'
import { clearToasts } from '../../../src/stores/app/toasts'
import {
  clearRecordingSelection,
  closeRecordingDeletion,
} from '../../../src/stores/recordings/recording-deletion'
import { fakeApi, type FakeApi, type SeenRequest } from '../../support/fake-api'
import { newId } from '../../support/call-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'
import { watchPresence } from '../../../src/stores/app/browser-presence'

function recording(overrides: Partial<Recording> = {}): Recording {
  const id = newId()
  return {
    _id: id,
    id,
    callId: newId(),
    appointmentId: null,
    userId: newId(),
    name: 'Recording',
    type: 'cloud',
    status: 'pending',
    customer: 'Carla Cliente',
    segment: { id: newId(), name: 'Sales' },
    startedAt: '2026-03-02T10:15:00.000Z',
    endedAt: '2026-03-02T10:16:00.000Z',
    duration: 62.4,
    size: 2_450_000,
    mime: 'video/webm;codecs=vp8,opus',
    fileId: null,
    createdAt: '2026-03-02T10:15:00.000Z',
    ...overrides,
  }
}

const page = (rows: Recording[], total = rows.length, skip = 0) => ({
  status: 200,
  body: { data: rows, total, limit: 10, skip, page: skip / 10 + 1, sortField: 'startedAt', sortOrder: -1 },
})

describe('the Recordings page', () => {
  let api: FakeApi
  let area: RenderedArea | null = null
  beforeEach(() => {
    signIn(Date.now())
    api = fakeApi()
  })
  afterEach(() => {
    area?.unmount()
    area = null
    api.restore()
    clearToasts()
    navigate('/')
    cleanStores($recordingsList, $recordingPlayer)
    // A test that opened the delete dialog leaves it open, and its focus trap, for the next one.
    closeRecordingDeletion()
    clearRecordingSelection()
    resetSession()
  })

  const lists = () => api.to('/api/recordings')
  const query = (request: SeenRequest | undefined) => decodeURIComponent(request?.path.split('?')[1] ?? '')
  const $ = <E extends Element = HTMLElement>(selector: string) => area!.shadow.querySelector<E>(selector)
  const $$ = (selector: string) => [...area!.shadow.querySelectorAll<HTMLElement>(selector)]
  const text = (element: Node | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()
  /**
   * Resolves once the dialog `selector` has finished opening (`sl-after-show`): mid-fade, axe would read
   * blended colours. Listen before the step that opens it.
   */
  const afterShow = (selector: string) => {
    let shown = false
    const listener = (event: Event) => {
      if (!(event.target as Element).matches?.(selector)) return
      shown = true
      area!.shadow.removeEventListener('sl-after-show', listener)
    }
    area!.shadow.addEventListener('sl-after-show', listener)
    return () => waitUntil(() => shown, `${selector} never finished opening`, { timeout: 5_000 })
  }
  const show = async () => {
    area = await renderArea(<RecordingsPage />)
    await waitUntil(() => lists().length > 0 && !$recordingsList.get().loading, 'the list never loaded')
  }

  it('asks for page 1 of 10, newest first, and shows each status with its own colour and name', async () => {
    const statuses = ['recording', 'processing', 'failed', 'pending', 'approved', 'rejected'] as const
    api.route('GET', '/api/recordings', page(statuses.map((status) => recording({ status }))))
    await show()
    expect(query(lists()[0])).to.equal('$limit=10&$skip=0&$sort[startedAt]=-1')
    await waitUntil(() => $$('.recordings-table tbody tr').length === 6)
    const tags = $$('.status-tag')
    expect(tags.map((tag) => text(tag))).to.deep.equal([
      'Recording',
      'Processing',
      'Failed',
      'Pending review',
      'Approved',
      'Rejected',
    ])
    const colours = new Set(tags.map((tag) => getComputedStyle(tag).backgroundColor))
    expect(colours.size).to.equal(6)
    const first = $$('.recordings-table tbody tr')[3]!
    expect(text(first.querySelector('.cell-customer'))).to.equal('Carla Cliente')
    expect(text(first.querySelector('.cell-segment'))).to.equal('Sales')
    expect(text(first.querySelector('.cell-duration'))).to.equal('00:01:02')
    expect(text(first.querySelector('.cell-size'))).to.equal('2.5 MB')
    // In progress or processing cannot be deleted yet.
    expect($$('sl-icon-button.delete').map((button) => button.hasAttribute('disabled'))).to.deep.equal([
      true,
      true,
      false,
      false,
      false,
      false,
    ])
  })

  it('passes axe with the table, its status tags and filters, the player, and the delete dialog open', async () => {
    const statuses = ['recording', 'processing', 'failed', 'pending', 'approved', 'rejected'] as const
    const rows = statuses.map((status) => recording({ status }))
    const stored = rows[3]!
    api.route('GET', '/api/recordings', page(rows, 25))
    api.route('GET', `/api/recordings/${stored.id}`, {
      status: 200,
      body: { ...stored, mediaUrl: `/recordings/${stored.id}/media?token=abc` },
    })
    await show()
    await waitUntil(() => $$('.recordings-table tbody tr').length === 6)
    // White text on each status colour must read (WCAG AA contrast is one of axe's rules).
    await expect($('.recordings-page')).to.be.accessible()
    const playerShown = afterShow('.recording-player')
    navigate(`/recordings/${stored.id}`)
    await waitUntil(() => $('.recording-player video'), 'no player')
    await playerShown()
    await expect($('.recording-player')).to.be.accessible()
    navigate('/recordings')
    await waitUntil(() => !$('.recording-player')!.hasAttribute('open'))
    $<HTMLInputElement>('input.select-page')!.click()
    await waitUntil(() => !$<HTMLButtonElement>('button.delete-selected')!.disabled)
    const dialogShown = afterShow('sl-dialog.delete-recordings')
    $<HTMLButtonElement>('button.delete-selected')!.click()
    await dialogShown()
    await expect($('sl-dialog.delete-recordings')).to.be.accessible()
  })

  it('sorts by a column (the same one again flips it) and pages with skip = 10 × (page − 1)', async () => {
    api.route('GET', '/api/recordings', (request) =>
      page([recording()], 25, Number(/\$skip=(\d+)/.exec(request.path)?.[1] ?? 0)),
    )
    await show()
    expect(text($('.table-pager'))).to.contain('Page 1 of 3')
    $<HTMLButtonElement>('button.sort-customer')!.click()
    await waitUntil(() => lists().length === 2)
    expect(query(lists()[1])).to.equal('$limit=10&$skip=0&$sort[customer]=1')
    await waitUntil(() => $('button.sort-customer')?.closest('th')?.getAttribute('aria-sort') === 'ascending')
    $<HTMLButtonElement>('button.sort-customer')!.click()
    await waitUntil(() => lists().length === 3)
    expect(query(lists()[2])).to.equal('$limit=10&$skip=0&$sort[customer]=-1')
    await waitUntil(() => !$recordingsList.get().loading)
    // By keyboard: the arrow keeps the focus through each page, and at the last page it does nothing.
    const next = $<HTMLButtonElement>('.table-pager button.next')!
    next.focus()
    await sendKeys({ press: 'Enter' })

    await waitUntil(() => lists().length === 4, 'no second page asked for')
    expect(query(lists()[3])).to.equal('$limit=10&$skip=10&$sort[customer]=-1')
    await waitUntil(() => text($('.table-pager')).includes('Page 2 of 3'))
    await waitUntil(() => !$recordingsList.get().loading)
    expect(area!.shadow.activeElement === next, 'the focus left the arrow').to.equal(true)
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => text($('.table-pager')).includes('Page 3 of 3'))
    await waitUntil(() => next.getAttribute('aria-disabled') === 'true')
    expect(area!.shadow.activeElement === next, 'the focus left the arrow').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(lists()).to.have.length(5)
  })

  it('filters by status and by a range of days, and refuses a range that ends before it starts', async () => {
    api.route('GET', '/api/recordings', page([recording()]))
    await show()
    const form = $<HTMLFormElement>('form.recordings-filters')!
    const set = (name: string, value: string) => {
      const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name=${name}]`)!
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!
      setter.call(field, value)
      field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }))
    }
    set('status', 'approved')
    set('from', '2026-03-05')
    set('to', '2026-03-01')
    await waitUntil(
      () => text($('.recordings-filters [role=alert]')) === 'The first day must not be after the last one.',
    )
    expect($<HTMLButtonElement>('form.recordings-filters button[type=submit]')!.disabled).to.equal(true)
    set('to', '2026-03-06')
    await waitUntil(() => !$<HTMLButtonElement>('form.recordings-filters button[type=submit]')!.disabled)
    $<HTMLButtonElement>('form.recordings-filters button[type=submit]')!.click()
    await waitUntil(() => lists().length === 2)
    const from = new Date(2026, 2, 5).toISOString()
    const to = new Date(2026, 2, 7).toISOString()
    expect(query(lists()[1])).to.equal(
      `$limit=10&$skip=0&$sort[startedAt]=-1&status[$in][0]=approved&startedAt[$gte]=${from}&startedAt[$lt]=${to}`,
    )
  })

  it('draws its filters as the other pages do: each control as tall as the buttons, on one line', async () => {
    api.route('GET', '/api/recordings', page([recording()]))
    await show()
    const boxes = ['select[name=status]', 'input[name=from]', 'input[name=to]', 'button[type=submit]'].map(
      (selector) => $(`form.recordings-filters ${selector}`)!.getBoundingClientRect(),
    )
    const apply = boxes.at(-1)!
    for (const box of boxes) {
      expect(Math.abs(box.height - apply.height), 'a control as tall as the Apply button').to.be.below(1)
      expect(Math.abs(box.bottom - apply.bottom), "a control on the Apply button's line").to.be.below(1)
    }
  })

  it('says "You haven\'t access to recordings" on 403, and that there are none on an empty list', async () => {
    api.route('GET', '/api/recordings', {
      status: 403,
      body: { code: 403, message: "You haven't access to recordings" },
    })
    await show()
    await waitUntil(() => text($('.forbidden')) === "You haven't access to recordings")
    expect($('.recordings-table')).to.equal(null)
    area!.unmount()
    cleanStores($recordingsList)
    api.route('GET', '/api/recordings', page([]))
    area = await renderArea(<RecordingsPage />)
    await waitUntil(() => text($('.empty-state')) === 'No recordings yet.', 'no empty state')
  })

  it("says the server cannot be reached when the list gets no response, not the browser's words", async () => {
    api.route('GET', '/api/recordings', { status: 0 })
    await show()
    await waitUntil(() => text(area!.shadow).includes('could not be loaded'), 'no error shown', {
      timeout: 5_000,
    })
    expect(text(area!.shadow)).to.include(
      'The recordings could not be loaded: the server cannot be reached; check your connection',
    )
    expect(text(area!.shadow)).not.to.include('Failed to fetch')
  })

  it('loads the list again by itself when the browser has the network back', async () => {
    const stop = watchPresence({ offline: () => {}, online: () => {}, wake: () => {} })
    try {
      window.dispatchEvent(new Event('offline'))
      api.route('GET', '/api/recordings', { status: 0 })
      await show()
      await waitUntil(() => text(area!.shadow).includes('could not be loaded'), 'no error shown')
      const asked = lists().length
      api.route('GET', '/api/recordings', page([recording()]))
      window.dispatchEvent(new Event('online'))
      await waitUntil(() => $$('tbody tr').length === 1, 'the list was not asked for again')
      expect(lists()).to.have.length(asked + 1)
      expect(text(area!.shadow)).not.to.include('could not be loaded')
    } finally {
      window.dispatchEvent(new Event('online'))
      stop()
    }
  })

  it('opens the player on /recordings/{id}: a stored one streams from its media URL; one in progress says so', async () => {
    const stored = recording()
    const processing = recording({ status: 'processing' })
    api.route('GET', '/api/recordings', page([stored, processing]))
    api.route('GET', `/api/recordings/${stored.id}`, {
      status: 200,
      body: { ...stored, mediaUrl: `/recordings/${stored.id}/media?token=abc` },
    })
    api.route('GET', `/api/recordings/${processing.id}`, {
      status: 200,
      body: { ...processing, mediaUrl: null },
    })
    await show()
    await waitUntil(() => $$('sl-icon-button.play').length === 2)
    $$('sl-icon-button.play')[0]!.click()
    expect($path.get()).to.equal(`/recordings/${stored.id}`)
    await waitUntil(() => $<HTMLVideoElement>('.recording-player video'), 'no video')
    expect($<HTMLVideoElement>('.recording-player video')!.getAttribute('src')).to.equal(
      `/api/recordings/${stored.id}/media?token=abc`,
    )
    expect($('.recording-player')!.hasAttribute('open')).to.equal(true)
    navigate(`/recordings/${processing.id}`)
    await waitUntil(() => text($('.player-not-ready')) === 'Being processed: it can be played in a moment.')
    expect($('.recording-player video')).to.equal(null)
    navigate(`/recordings/${newId()}`)
    await waitUntil(
      () =>
        text($('.player-problem')) ===
        'Recording not found. If you think it should be here, contact your administrator.',
      'no not-found message',
    )
    navigate('/recordings')
    await waitUntil(() => !$('.recording-player')!.hasAttribute('open'))
  })

  it("isolates the customer's name in the table and the player: an override in it turns nothing after it around", async () => {
    const customer = 'Eve \u202Egnp.exe'
    const stored = recording({ customer })
    api.route('GET', '/api/recordings', page([stored]))
    api.route('GET', `/api/recordings/${stored.id}`, {
      status: 200,
      body: { ...stored, mediaUrl: `/recordings/${stored.id}/media?token=abc` },
    })
    await show()
    await waitUntil(() => $$('.recordings-table tbody bdi').length === 1, 'no name in the table')
    expect($$('.recordings-table tbody bdi').map((cell) => cell.textContent)).to.deep.equal([customer])
    navigate(`/recordings/${stored.id}`)
    await waitUntil(() => text($('.player-details')).includes('Sales'), 'no player details')
    // First Strong Isolate … Pop Directional Isolate around the name, inside the one line of details.
    expect($('.player-details')!.textContent).to.contain(`\u2068${customer}\u2069 · Sales`)
  })

  it('deletes one recording after confirming, and reloads the list', async () => {
    const target = recording()
    api.route('GET', '/api/recordings', page([target]))
    api.route('DELETE', `/api/recordings/${target.id}`, { status: 200, body: { ok: true } })
    await show()
    await waitUntil(() => $$('sl-icon-button.delete').length === 1)
    $$('sl-icon-button.delete')[0]!.click()
    await waitUntil(() => $('sl-dialog.delete-recordings')?.hasAttribute('open'))
    expect(text($('sl-dialog.delete-recordings p'))).to.equal('The recording will be deleted for good.')
    expect(api.to(`/api/recordings/${target.id}`)).to.have.length(0)
    api.route('GET', '/api/recordings', page([]))
    $<HTMLElement>('sl-dialog.delete-recordings sl-button.confirm-delete')!.click()
    await waitUntil(() => api.to(`/api/recordings/${target.id}`).length === 1)
    await waitUntil(() => text($('.empty-state')) === 'No recordings yet.', 'the list was not reloaded')
  })

  it('does not ask again on the next visit for a confirmation left open when the agent went away', async () => {
    api.route('GET', '/api/recordings', page([recording()]))
    await show()
    await waitUntil(() => $$('sl-icon-button.delete').length === 1)
    $$('sl-icon-button.delete')[0]!.click()
    await waitUntil(() => $('sl-dialog.delete-recordings')?.hasAttribute('open'), 'no confirmation')
    area!.unmount()
    await show()
    await waitUntil(() => $$('sl-icon-button.delete').length === 1)
    expect($('sl-dialog.delete-recordings')?.hasAttribute('open') ?? false).to.equal(false)
    expect(api.requests.filter((request) => request.method === 'DELETE')).to.have.length(0)
  })

  it('deletes the ticked ones one after the other with progress; a failure stops and says which were deleted', async () => {
    const rows = [recording(), recording({ startedAt: '2026-03-03T09:00:00.000Z' }), recording()]
    api.route('GET', '/api/recordings', page(rows))
    let releaseFirst = () => {}
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve))
    api.route('DELETE', `/api/recordings/${rows[0]!.id}`, async () => {
      await firstHeld
      return { status: 200, body: { ok: true } }
    })
    api.route('DELETE', `/api/recordings/${rows[1]!.id}`, {
      status: 500,
      body: { code: 500, message: 'Disk on fire' },
    })
    api.route('DELETE', `/api/recordings/${rows[2]!.id}`, { status: 200, body: { ok: true } })
    await show()
    await waitUntil(() => $$('.recordings-table tbody tr').length === 3)
    $<HTMLInputElement>('input.select-page')!.click()
    await waitUntil(() => text($('button.delete-selected')) === 'Delete selected (3)')
    $<HTMLButtonElement>('button.delete-selected')!.click()
    await waitUntil(() => $('sl-dialog.delete-recordings')?.hasAttribute('open'))
    expect($('sl-dialog.delete-recordings')!.getAttribute('label')).to.equal('Delete 3 recordings?')
    const listsBefore = lists().length
    $<HTMLElement>('sl-dialog.delete-recordings sl-button.confirm-delete')!.click()
    await waitUntil(() => text($('.deletion-progress [role=status]')) === 'Deleting 1 of 3…', 'no progress')
    releaseFirst()
    await waitUntil(() => $('.deletion-stopped'), 'the failure was not shown', { timeout: 5_000 })
    const deletes = api.requests
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.path)
    expect(deletes).to.deep.equal([`/api/recordings/${rows[0]!.id}`, `/api/recordings/${rows[1]!.id}`])
    const said = text($('.deletion-stopped'))
    expect(said).to.contain('Deleting stopped at the recording of')
    expect(said).to.contain('Disk on fire')
    expect(said).to.contain('1 recording was deleted before it.')
    expect(said).to.contain('Deleted:')
    await waitUntil(() => lists().length === listsBefore + 1, 'the list was not reloaded')
  })
})
