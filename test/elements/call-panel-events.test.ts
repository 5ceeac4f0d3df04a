import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { inboundCall, joinedCall, ok } from '../support/call-fixtures'
import { openCallPage, type CallPage } from '../support/call-page'
import { answerInbound } from '../../src/stores/inbound/inbound'

describe('<agent-call-panel> events', () => {
  let page: CallPage
  let seen: { type: string; detail: unknown }[]
  const record = (event: Event) => seen.push({ type: event.type, detail: (event as CustomEvent).detail })
  const types = ['agent-inbound', 'agent-inbound-end', 'agent-call-start', 'agent-call-end']

  beforeEach(async () => {
    seen = []
    page = await openCallPage()
    for (const type of types) document.addEventListener(type, record)
  })
  afterEach(() => {
    for (const type of types) document.removeEventListener(type, record)
    page.close()
  })

  it('tells the host page a call rang, was answered, started and ended (composed, bubbling)', async () => {
    const ringing = inboundCall({ priority: true })
    page.socket.answer('answer', () => ok(joinedCall({}, ringing)))
    page.socket.serverEmit('inbound', ringing)
    await answerInbound()
    page.socket.serverEmit('end', { callId: ringing.id, reason: 'hangup' })
    await waitUntil(() => seen.length === 4)
    expect(seen).to.deep.equal([
      {
        type: 'agent-inbound',
        detail: { callId: ringing.id, kind: 'inbound', segment: 'Support', priority: true },
      },
      { type: 'agent-inbound-end', detail: { callId: ringing.id, reason: 'answered' } },
      { type: 'agent-call-start', detail: { callId: ringing.id, kind: 'call', rejoined: false } },
      { type: 'agent-call-end', detail: { callId: ringing.id, kind: 'call', reason: 'hangup' } },
    ])
  })
})
