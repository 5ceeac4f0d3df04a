import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import MetricsPage from '../../../src/components/profile/MetricsPage'
import { receiveConsoleSettings } from '../../../src/stores/profile/settings'
import { fakeApi, type FakeRequest, type FakeResponse } from '../../support/calendar-fixtures'
import { consoleSettings } from '../../support/call-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { metricsOf } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

describe('Metrics page', () => {
  let time: FakeClock
  let area: RenderedArea
  let requests: FakeRequest[]
  let answer: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    signIn(time.now())
    receiveConsoleSettings(
      consoleSettings({
        statuses: [
          { id: 'available', name: 'available', label: 'Available', color: '#30a46c' },
          { id: 'break', name: 'break', label: 'Break', color: '#f5a623' },
        ],
      }),
    )
    answer = (request) => ({
      body: metricsOf({ period: request.query.get('period') === 'week' ? 'week' : 'day' }),
    })
    requests = fakeApi((request) => answer(request)).requests
  })
  afterEach(() => {
    area?.unmount()
    resetSession()
    time.restore()
  })

  const figure = (key: string) => area.shadow.querySelector(`[data-figure="${key}"] dd`)?.textContent

  it('shows the day’s figures as numbers and charts, with the numbers for screen readers too', async () => {
    area = await renderArea(<MetricsPage />)
    await waitUntil(() => figure('answered'), 'no figures')
    expect(requests[0]?.query.get('period')).to.equal('day')
    expect(requests[0]?.query.get('timeZone')).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone)
    expect([figure('answered'), figure('missed'), figure('transferred'), figure('dismissed')]).to.deep.equal([
      '3',
      '1',
      '1',
      '1',
    ])
    expect(figure('total-talk')).to.equal('01:02:03')
    expect(figure('average-talk')).to.equal('00:20:41')
    // The chart chunk loads on its own, then draws on canvases.
    await waitUntil(() => area.shadow.querySelectorAll('canvas').length === 2, 'no charts', {
      timeout: 8_000,
    })
    expect(area.shadow.querySelector('canvas')?.getAttribute('aria-label')).to.equal('Calls per hour')
    const statusTable = [...area.shadow.querySelectorAll('figure')][1]!.querySelector('table')!
    expect(statusTable.textContent).to.contain('Available').and.contain('90 minutes').and.contain('Break')
    expect([...area.shadow.querySelectorAll('figure')][0]!.querySelectorAll('tbody tr').length).to.equal(24)
  })

  it('switches to the week', async () => {
    area = await renderArea(<MetricsPage />)
    await waitUntil(() => figure('answered'))
    const week = [...area.shadow.querySelectorAll<HTMLButtonElement>('.metrics-toolbar button')][1]!
    expect(week.textContent).to.equal('This week')
    week.click()
    await waitUntil(() => requests.at(-1)?.query.get('period') === 'week', 'not asked')
    await waitUntil(() => week.getAttribute('aria-pressed') === 'true')
    await waitUntil(
      () => area.shadow.querySelector('canvas')?.getAttribute('aria-label') === 'Calls per day',
      'not the week',
      { timeout: 8_000 },
    )
  })

  it('shows the loading line, then the error with a retry', async () => {
    // Held until the loading line is seen: the answer comes when the test says.
    let release: (response: FakeResponse) => void = () => undefined
    answer = () => new Promise((resolve) => (release = resolve))
    area = await renderArea(<MetricsPage />)
    expect(area.text()).to.contain('Loading…')
    release({ status: 500, body: { code: 500, message: 'down' } })
    await waitUntil(() => area.text().includes('Your metrics could not be loaded.'), 'no error')
    answer = () => ({ body: metricsOf() })
    ;[...area.shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'))!.click()
    await waitUntil(() => figure('answered') === '3', 'the retry did not load')
  })
})
