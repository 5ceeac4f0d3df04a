// A hang-up the agent form refuses takes the keyboard to the field that refused it (issue 69: it stayed on
// Hang up, 12 Tabs away).
import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { $call } from '../../../src/stores/call/call'
import { consoleSettings, joinedCall, ok } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { waitUntil } from '../../support/waits'

const form = [
  { name: 'topic', label: 'Topic', type: 'text' as const, required: false },
  { name: 'reason', label: 'Reason', type: 'text' as const, required: true },
]

describe('a hang-up refused by the agent form', () => {
  let page: CallPage
  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings())
  })
  afterEach(() => {
    resetSettings()
    page.close()
  })

  it('moves the focus from Hang up to the first invalid field, where typing fills it', async () => {
    page.socket.answer('hangup', () => ok())
    page.socket.serverEmit('join', joinedCall({ agentForm: form }))
    const hangup = await page.find<HTMLElement>('.hangup-button')
    hangup.focus()
    await sendKeys({ press: 'Enter' })
    await page.find('.hangup-blocked', 3000)
    const field = await page.find<HTMLElement>('#agent-form-reason')
    await waitUntil(
      () => page.panel.shadowRoot!.activeElement === field,
      'the focus stayed on Hang up, not on the field that refused it',
      { timeout: 3000 },
    )
    // The field's own input has it: the agent types the reason at once.
    await sendKeys({ type: 'Billing' })
    expect((field as HTMLElement & { value: string }).value).to.equal('Billing')
    expect(page.socket.sent.some((s) => s.event === 'hangup')).to.equal(false)
    expect($call.get()).to.not.equal(null)
  })
})
