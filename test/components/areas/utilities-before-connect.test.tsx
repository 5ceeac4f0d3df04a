import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import UtilitiesPage from '../../../src/components/utilities/UtilitiesPage'
import { $user } from '../../../src/stores/session/session'
import { fakeApi, type FakeRequest } from '../../support/calendar-fixtures'
import { page } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

const SUPPORT = { id: 'b'.repeat(24), name: 'Support' }
const BILLING = { id: 'c'.repeat(24), name: 'Billing' }

// Issue 69: before Connect there is no socket, so no `agent:authenticated` naming the agent's segments;
// the page said "You do not serve any segment" to an agent who serves Support and Billing.
describe('Utilities page before Connect', () => {
  let area: RenderedArea
  let requests: FakeRequest[]

  beforeEach(() => {
    signIn(Date.now())
    requests = fakeApi((request) => {
      if (request.path === '/segments')
        // This server knows whom the token is for: it answers the caller's own segments.
        return { body: page(request.query.get('mine') === 'true' ? [BILLING, SUPPORT] : []) }
      if (request.path === '/personal-link') return { body: { link: null } }
      return { status: 404, body: { code: 404, message: 'Not found' } }
    }).requests
  })
  afterEach(() => {
    area?.unmount()
    resetSession()
  })

  it('lists the segments the agent serves, read over HTTP', async () => {
    expect($user.get()).to.equal(null)
    area = await renderArea(<UtilitiesPage />)
    await waitUntil(
      () =>
        area.shadow.querySelectorAll('.segment-list li').length === 2 || area.text().includes('do not serve'),
      'the segments never showed',
    )
    expect([...area.shadow.querySelectorAll('.segment-list li')].map((li) => li.textContent)).to.deep.equal([
      'Billing',
      'Support',
    ])
    expect(area.text()).to.not.contain('You do not serve any segment')
    const asked = requests.find((request) => request.path === '/segments')!
    expect(asked.query.get('mine')).to.equal('true')
    expect(asked.query.get('$sort[name]')).to.equal('1')
  })
})
