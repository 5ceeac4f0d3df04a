import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import HistoryPage from '../../../src/components/history/HistoryPage'
import { $path, navigate } from '../../../src/stores/shell/router'
import { receiveUser } from '../../../src/stores/session/session'
import { fakeApi, type FakeRequest, type FakeResponse } from '../../support/calendar-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { historyItem, page, typeInto } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'
import { watchPresence } from '../../../src/stores/app/browser-presence'

const SALES = { id: 'a'.repeat(24), name: 'Sales' }
const SUPPORT = { id: 'b'.repeat(24), name: 'Support' }

describe('History page', () => {
  let time: FakeClock
  let area: RenderedArea
  let requests: FakeRequest[]
  let calls: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    signIn(time.now())
    navigate('/history')
    receiveUser({
      id: 'd'.repeat(24),
      firstname: 'Ana',
      lastname: 'A',
      segments: [SALES.id, SUPPORT.id],
      callId: null,
      appointmentId: null,
    })
    calls = () => ({ body: page([historyItem()]) })
    requests = fakeApi((request) => {
      if (request.path === '/segments') return { body: page([SALES, SUPPORT]) }
      return calls(request)
    }).requests
  })
  afterEach(() => {
    area?.unmount()
    resetSession()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)
  const rows = () => [...area.shadow.querySelectorAll('.history-table tbody tr')]
  const callRequests = () => requests.filter((request) => request.path === '/calls')
  const lastQuery = () => callRequests().at(-1)?.query as URLSearchParams

  it('lists the agent’s calls, newest first, ten a page, with outcome, duration and tags', async () => {
    calls = () => ({
      body: page(
        [
          historyItem({ customerName: 'Paula Pérez' }),
          historyItem({
            customerName: 'Tom Lost',
            outcome: 'missed',
            durationMs: 0,
            tags: [],
            segment: SUPPORT,
            answeredAt: null,
          }),
          historyItem({ customerName: 'Kim Link', via: 'personal', outcome: 'customer-left', durationMs: 0 }),
        ],
        { total: 3 },
      ),
    })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => rows().length === 3, 'no rows')
    expect(lastQuery().get('$limit')).to.equal('10')
    expect(lastQuery().get('$skip')).to.equal('0')
    expect(lastQuery().get('$sort[startedAt]')).to.equal('-1')
    const cells = rows().map((row) =>
      [...row.querySelectorAll('td')].slice(1).map((td) => td.textContent?.trim()),
    )
    expect(cells[0]).to.deep.equal(['Paula Pérez', 'Sales', '00:05:00', 'Answered', 'Sale'])
    expect(cells[1]).to.deep.equal(['Tom Lost', 'Support', '—', 'Missed', ''])
    expect(cells[2]?.[0]).to.equal('Kim Link Through your personal link')
    expect(cells[2]?.[3]).to.equal('Customer left')
    expect(area.text()).to.contain('Page 1 of 1')
  })

  it("isolates each customer's name, and breaks one long word of it within the table", async () => {
    const name = `\u202Egnp.exe${'W'.repeat(92)}`
    calls = () => ({ body: page([historyItem({ customerName: name })]) })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => rows().length === 1, 'no row')
    const cell = rows()[0]!.querySelector('td:nth-child(2)')!
    expect([...cell.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).to.deep.equal([name])
    const table = q('.history-table')!
    expect(table.scrollWidth).to.be.at.most(table.parentElement!.clientWidth)
  })

  it('says so when there are no calls, and when no call matches the filters', async () => {
    calls = () => ({ body: page([]) })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => area.text().includes('No calls yet.'), 'no empty state')
    q<HTMLSelectElement>('#history-outcome')!.value = 'missed'
    q('#history-outcome')!.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(() => area.text().includes('No calls match these filters.'), 'no filtered empty state')
    expect(lastQuery().get('outcome')).to.equal('missed')
  })

  it('shows the loading line, then an error with a retry that loads again', async () => {
    let release: (response: FakeResponse) => void = () => undefined
    calls = () => new Promise((resolve) => (release = resolve))
    area = await renderArea(<HistoryPage />)
    expect(area.text()).to.contain('Loading…')
    release({ status: 500, body: { code: 500, message: 'down' } })
    await waitUntil(() => area.text().includes('The history could not be loaded.'), 'no error')
    calls = () => ({ body: page([historyItem()]) })
    ;[...area.shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'))!.click()
    await waitUntil(() => rows().length === 1, 'the retry did not load')
  })

  it('loads again by itself when the browser has the network back after a failure offline', async () => {
    const stop = watchPresence({ offline: () => {}, online: () => {}, wake: () => {} })
    try {
      window.dispatchEvent(new Event('offline'))
      calls = () => ({ status: 0, body: null })
      area = await renderArea(<HistoryPage />)
      await waitUntil(() => area.text().includes('The history could not be loaded.'), 'no error')
      const asked = callRequests().length
      calls = () => ({ body: page([historyItem()]) })
      window.dispatchEvent(new Event('online'))
      await waitUntil(() => rows().length === 1, 'the history was not asked for again')
      expect(callRequests()).to.have.length(asked + 1)
      expect(area.text()).not.to.contain('could not be loaded')
    } finally {
      window.dispatchEvent(new Event('online'))
      stop()
    }
  })

  it('pages by keyboard: the arrow keeps the focus, and at the last page it says so and does nothing', async () => {
    calls = (request) => ({
      body: page([historyItem()], { total: 25, skip: Number(request.query.get('$skip')), limit: 10 }),
    })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => area.text().includes('Page 1 of 3'))
    const previous = q<HTMLButtonElement>('.pager button.previous')!
    const next = q<HTMLButtonElement>('.pager button.next')!
    expect(previous.getAttribute('aria-disabled')).to.equal('true')
    next.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => area.text().includes('Page 2 of 3'), 'no second page')
    expect(area.shadow.activeElement === next, 'the focus left the arrow').to.equal(true)
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => area.text().includes('Page 3 of 3'), 'no third page')
    await waitUntil(
      () => next.getAttribute('aria-disabled') === 'true',
      'the last page still offers a next one',
    )
    expect(area.shadow.activeElement === next, 'the focus left the arrow').to.equal(true)
    const asked = callRequests().length
    await sendKeys({ press: 'Enter' })
    expect(callRequests()).to.have.length(asked)
    expect(lastQuery().get('$skip')).to.equal('20')
  })

  it('refreshes by keyboard and keeps the focus on Refresh, which waits while the page loads', async () => {
    let release: (response: FakeResponse) => void = () => undefined
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => rows().length === 1, 'no first page')
    calls = () => new Promise((resolve) => (release = resolve))
    const refresh = [...area.shadow.querySelectorAll<HTMLButtonElement>('.page-header button')].find((b) =>
      b.textContent?.includes('Refresh'),
    )!
    refresh.focus()
    const asked = callRequests().length
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => refresh.getAttribute('aria-disabled') === 'true', 'not loading')
    expect(area.shadow.activeElement === refresh, 'the focus left Refresh').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(callRequests()).to.have.length(asked + 1)
    release({ body: page([historyItem(), historyItem()]) })
    await waitUntil(() => rows().length === 2, 'the refresh did not load')
    expect(refresh.getAttribute('aria-disabled')).to.equal('false')
    expect(area.shadow.activeElement === refresh, 'the focus left Refresh').to.equal(true)
  })

  it('pages, sorts and filters through the list query', async () => {
    calls = (request) => ({
      body: page([historyItem()], { total: 25, skip: Number(request.query.get('$skip')), limit: 10 }),
    })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => area.text().includes('Page 1 of 3'))
    ;[...area.shadow.querySelectorAll('.pager button')][1]!.dispatchEvent(
      new MouseEvent('click', { bubbles: true }),
    )
    await waitUntil(() => area.text().includes('Page 2 of 3'), 'no second page')
    expect(lastQuery().get('$skip')).to.equal('10')

    const customerHeader = [...area.shadow.querySelectorAll<HTMLButtonElement>('.sort-button')][1]!
    customerHeader.click()
    await waitUntil(() => lastQuery().get('$sort[customerName]') === '1', 'not sorted by name')
    expect(lastQuery().get('$skip')).to.equal('0')
    await waitUntil(() => customerHeader.closest('th')?.getAttribute('aria-sort') === 'ascending')
    customerHeader.click()
    await waitUntil(() => lastQuery().get('$sort[customerName]') === '-1', 'not flipped')

    await waitUntil(() => area.shadow.querySelectorAll('#history-segment option').length === 3, 'no segments')
    const segment = q<HTMLSelectElement>('#history-segment')!
    segment.value = SUPPORT.id
    segment.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(() => lastQuery().get('segment') === SUPPORT.id, 'no segment filter')

    typeInto(q<HTMLInputElement>('#history-from')!, '2026-11-01')
    await waitUntil(() => lastQuery().get('startedAt[$gte]') !== null, 'no date filter')
    expect(new Date(lastQuery().get('startedAt[$gte]') as string).getDate()).to.equal(1)

    typeInto(q<HTMLInputElement>('#history-search')!, 'pau.la')
    q<HTMLFormElement>('.history-filters')!.requestSubmit()
    await waitUntil(() => lastQuery().get('customerName[$regex]') === 'pau\\.la', 'no search')
    expect(lastQuery().get('customerName[$options]')).to.equal('i')
    expect(lastQuery().get('segment')).to.equal(SUPPORT.id)

    ;[...area.shadow.querySelectorAll<HTMLButtonElement>('.filter-actions button')][1]!.click()
    await waitUntil(
      () => lastQuery().get('segment') === null && lastQuery().get('customerName[$regex]') === null,
    )
    expect(lastQuery().get('$sort[customerName]')).to.equal('-1')
  })

  it('opens a call’s detail from its row', async () => {
    const row = historyItem()
    calls = () => ({ body: page([row]) })
    area = await renderArea(<HistoryPage />)
    await waitUntil(() => rows().length === 1)
    q<HTMLAnchorElement>('.call-link')!.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
    )
    expect($path.get()).to.equal(`/history/${row.id}`)
  })
})
