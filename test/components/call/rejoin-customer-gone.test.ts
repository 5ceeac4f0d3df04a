import { expect } from '@open-wc/testing'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { consoleSettings, joinedCall } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { waitUntil } from '../../support/waits'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

// Issue 69: back in a call whose customer's grace ran out while the agent was offline, the agent sat
// in "Call with …" before a black video. The `rejoin` says the customer is gone; the panel shows it.
describe('<agent-call-panel> back in a call whose customer timed out meanwhile', () => {
  let page: CallPage
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings())
  })
  afterEach(() => {
    resetSettings()
    page.close()
  })

  it('says the customer did not come back, and waits for their video no more', async () => {
    page.socket.serverEmit(
      'rejoin',
      joinedCall({ customerName: 'Ana', customerConnected: false, customerGone: 'timeout' }),
    )
    await page.find('.call-area')
    await waitUntil(
      () =>
        text(page.$('.call-header .customer-left')).includes('Ana did not come back to the call in time.'),
      'the header does not say the customer is gone',
    )
    expect(text(page.$('.main-video'))).to.equal('The customer is no longer in the call.')
  })
})
