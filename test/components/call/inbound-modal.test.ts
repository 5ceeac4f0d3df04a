import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { html } from 'lit'
import { $call } from '../../../src/stores/call/call'
import { $inbound } from '../../../src/stores/inbound/inbound'
import { inboundCall, joinedCall, ok, newId } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { mount, shadow } from '../../support/render'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { frames, waitUntil } from '../../support/waits'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

describe('the inbound modal', () => {
  let page: CallPage
  let time: FakeClock | null = null
  beforeEach(async () => {
    page = await openCallPage()
  })
  afterEach(() => {
    time?.restore()
    time = null
    page.close()
  })

  it('shows segment, queue time, VIP, branch, ticket and point of contact, and announces the call', async () => {
    page.socket.serverEmit('inbound', inboundCall({ priority: true, duration: 3 }))
    const dialog = await page.find<HTMLDialogElement>('dialog.inbound-modal')
    expect(dialog.open).to.equal(true)
    const shown = text(dialog)
    for (const part of [
      'Inbound call',
      'VIP',
      'Segment',
      'Support',
      '3 minutes',
      'Downtown',
      'T-1001',
      'Web',
      'Ana Pérez',
    ])
      expect(shown).to.contain(part)
    await waitUntil(() => text(page.$('[aria-live="assertive"]')).includes('Inbound call from Support'))
  })

  it('titles an invitation and names the inviting agent', async () => {
    page.socket.serverEmit('invited', inboundCall({ kind: 'invited', invitation: true, agent: 'Bruno Díaz' }))
    const dialog = await page.find('dialog.inbound-modal')
    expect(text(dialog.querySelector('h2'))).to.equal('Invitation')
    expect(text(dialog)).to.contain('Invited by')
    expect(text(dialog)).to.contain('Bruno Díaz')
  })

  it("shows a transfer between segments as 'previous -> new' and a direct one with the agent", async () => {
    const sales = { id: newId(), name: 'Sales' }
    page.socket.serverEmit(
      'transferred',
      inboundCall({
        kind: 'transferred',
        previousSegment: sales,
        agent: 'Bruno',
        transferred: { segment: { id: newId(), name: 'Support' } },
      }),
    )
    expect(text(await page.find('.transfer-line'))).to.contain('Sales → Support')
    page.socket.serverEmit('agent:call:timeout', { callId: $inbound.get()!.call.id })
    await waitUntil(() => !page.$('dialog.inbound-modal'))
    page.socket.serverEmit(
      'transferred',
      inboundCall({ kind: 'transferred', agent: 'Bruno Díaz', transferred: null }),
    )
    expect(text(await page.find('.transfer-line'))).to.contain('Direct transfer from Bruno Díaz')
  })

  it('counts the queue time on, a minute at a time', async () => {
    time = fakeClock()
    page.socket.serverEmit('inbound', inboundCall({ duration: 0 }))
    const queue = await page.find('.queue-time')
    expect(text(queue)).to.equal('less than a minute')
    await time.tick(60_000)
    await waitUntil(() => text(page.$('.queue-time')) === '1 minute')
  })

  it('answers from the keyboard: the answer button has the focus, Enter answers', async () => {
    const ringing = inboundCall()
    page.socket.answer('answer', () => ok(joinedCall({}, ringing)))
    page.socket.serverEmit('inbound', ringing)
    await page.find('dialog.inbound-modal')
    await waitUntil(
      () =>
        page.$('.answer-button')?.matches(':focus-within') ||
        shadow(page.panel).activeElement?.classList.contains('answer-button'),
    )
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => $call.get()?.id === ringing.id, 'the call did not start')
    await waitUntil(() => !page.$('dialog.inbound-modal'))
  })

  it('dismisses from the keyboard: Tab to dismiss, then Enter', async () => {
    const ringing = inboundCall()
    page.socket.serverEmit('inbound', ringing)
    await page.find('dialog.inbound-modal')
    await waitUntil(() => shadow(page.panel).activeElement?.classList.contains('answer-button'))
    await sendKeys({ press: 'Tab' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => !page.$('dialog.inbound-modal'))
    expect(page.socket.sent.some((s) => s.event === 'dismiss')).to.equal(true)
  })

  it('does not dismiss on Escape', async () => {
    page.socket.serverEmit('inbound', inboundCall())
    await page.find('dialog.inbound-modal')
    await sendKeys({ press: 'Escape' })
    await frames(1)
    expect(page.$<HTMLDialogElement>('dialog.inbound-modal')?.open).to.equal(true)
  })

  it('shows what the customer typed as text: a script in it never runs', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    page.socket.serverEmit('inbound', inboundCall({ customerName: hostile, branch: { label: hostile } }))
    const dialog = await page.find('dialog.inbound-modal')
    expect(dialog.querySelector('img, script')).to.equal(null)
    expect(text(dialog)).to.contain('<img src=x')
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined)
  })

  it('shows one modal on a page with two call panels', async () => {
    const second = await mount<HTMLElement>(html`<agent-call-panel lang="en"></agent-call-panel>`)
    page.socket.serverEmit('inbound', inboundCall())
    await page.find('dialog.inbound-modal')
    // Give a wrong render its chance: two frames, so effects and their renders have run.
    await frames(2)
    const modals = [page.panel, second].map(
      (panel) => shadow(panel).querySelectorAll('dialog.inbound-modal').length,
    )
    expect(modals.reduce((a, b) => a + b)).to.equal(1)
  })
})
