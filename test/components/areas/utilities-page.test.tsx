import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import UtilitiesPage from '../../../src/components/utilities/UtilitiesPage'
import { COPIED_CONFIRMATION_MS } from '../../../src/stores/utilities/personal-link'
import { receiveUser } from '../../../src/stores/session/session'
import type { PersonalLink } from '../../../src/protocol'
import { fakeApi, type FakeRequest, type FakeResponse } from '../../support/calendar-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { page } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

const SALES = { id: 'a'.repeat(24), name: 'Sales' }
const SUPPORT = { id: 'b'.repeat(24), name: 'Support' }

function link(code: string, segment = SALES): PersonalLink {
  return {
    url: `http://localhost/customer.html?link=${code}`,
    code,
    segment,
    createdAt: '2026-11-23T14:00:00.000Z',
  }
}

describe('Utilities page', () => {
  let time: FakeClock
  let area: RenderedArea
  let requests: FakeRequest[]
  let handle: Record<string, (request: FakeRequest) => FakeResponse | Promise<FakeResponse>>
  let copied: string[]

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    signIn(time.now())
    receiveUser({
      id: 'd'.repeat(24),
      firstname: 'Ana',
      lastname: 'A',
      segments: [SALES.id, SUPPORT.id],
      callId: null,
      appointmentId: null,
    })
    handle = {
      'GET /segments': () => ({ body: page([SALES, SUPPORT]) }),
      'GET /personal-link': () => ({ body: { link: null } }),
      'POST /personal-link': () => ({ body: { link: link('FirstCode123') } }),
    }
    requests = fakeApi((request) => handle[`${request.method} ${request.path}`]!(request)).requests
    copied = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    })
  })
  afterEach(() => {
    area?.unmount()
    delete (navigator as { clipboard?: unknown }).clipboard
    resetSession()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)

  it('lists the agent’s own segments', async () => {
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(() => area.shadow.querySelectorAll('.segment-list li').length === 2, 'no segments')
    expect([...area.shadow.querySelectorAll('.segment-list li')].map((li) => li.textContent)).to.deep.equal([
      'Sales',
      'Support',
    ])
    const asked = requests.find((request) => request.path === '/segments')!
    expect(asked.query.getAll('id[$in][0]')).to.deep.equal([SALES.id])
    expect(asked.query.get('id[$in][1]')).to.equal(SUPPORT.id)
  })

  it('says “Error getting segments” when they cannot be read', async () => {
    handle['GET /segments'] = () => ({ status: 500, body: { code: 500, message: 'down' } })
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(() => area.text().includes('Error getting segments'), 'no error')
    handle['GET /segments'] = () => ({ body: page([SALES]) })
    ;[...area.shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'))!.click()
    await waitUntil(() => area.shadow.querySelectorAll('.segment-list li').length === 1, 'the retry failed')
  })

  it('generates a link for a chosen segment, copies it with a confirmation, and makes a new one', async () => {
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(
      () => q('.generate-link') && area.shadow.querySelectorAll('#personal-link-segment option').length === 2,
    )
    expect(q('.link-url')).to.equal(null)
    const select = q<HTMLSelectElement>('#personal-link-segment')!
    select.value = SUPPORT.id
    select.dispatchEvent(new Event('change', { bubbles: true }))
    handle['POST /personal-link'] = () => ({ body: { link: link('FirstCode123', SUPPORT) } })
    await waitUntil(() => q<HTMLSelectElement>('#personal-link-segment')!.value === SUPPORT.id)
    q<HTMLButtonElement>('.generate-link')!.click()
    await waitUntil(() => q<HTMLInputElement>('.link-url')?.value.endsWith('link=FirstCode123'), 'no link')
    expect(requests.find((request) => request.method === 'POST')?.body).to.deep.equal({ segment: SUPPORT.id })
    expect(area.text()).to.contain('Segment Support')

    q<HTMLButtonElement>('.copy-link')!.click()
    await waitUntil(() => area.text().includes('Link copied to the clipboard.'), 'no confirmation')
    expect(copied).to.deep.equal(['http://localhost/customer.html?link=FirstCode123'])
    await time.tick(COPIED_CONFIRMATION_MS)
    await waitUntil(() => !area.text().includes('Link copied'), 'the confirmation stayed')

    handle['POST /personal-link'] = () => ({ body: { link: link('SecondCode45') } })
    expect(area.text()).to.contain('A new link replaces this one: the old link stops working.')
    q<HTMLButtonElement>('.generate-link')!.click()
    await waitUntil(() => q<HTMLInputElement>('.link-url')?.value.endsWith('link=SecondCode45'), 'not remade')
  })

  it('makes one link however often Generate is pressed, and keeps the focus on it', async () => {
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(() => q('.generate-link'), 'no generate button')
    let answer: () => void = () => undefined
    handle['POST /personal-link'] = () =>
      new Promise<FakeResponse>(
        (resolve) => (answer = () => resolve({ body: { link: link('OnlyCode1234') } })),
      )
    const generate = q<HTMLButtonElement>('.generate-link')!
    generate.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => generate.getAttribute('aria-disabled') === 'true', 'not generating')
    expect(area.shadow.activeElement === generate, 'the focus left Generate while it works').to.equal(true)
    await sendKeys({ press: 'Enter' })
    answer()
    await waitUntil(() => q<HTMLInputElement>('.link-url')?.value.endsWith('link=OnlyCode1234'), 'no link')
    expect(requests.filter((request) => request.method === 'POST')).to.have.length(1)
    expect(area.shadow.activeElement === generate, 'the focus left Generate').to.equal(true)
  })

  it('says “Error generating the personal link” when it cannot be made, and when a copy is refused', async () => {
    handle['GET /personal-link'] = () => ({ body: { link: link('FirstCode123') } })
    handle['POST /personal-link'] = () => ({ status: 500, body: { code: 500, message: 'down' } })
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(() => q<HTMLInputElement>('.link-url')?.value.endsWith('FirstCode123'), 'no link')
    q<HTMLButtonElement>('.generate-link')!.click()
    await waitUntil(() => area.text().includes('Error generating the personal link'), 'no error')
    expect(q<HTMLInputElement>('.link-url')?.value).to.contain('FirstCode123')
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    })
    q<HTMLButtonElement>('.copy-link')!.click()
    await waitUntil(() => area.text().includes('The link could not be copied'), 'no copy failure')
  })
})
