// Chaos against one reference server process on a PGlite folder: killed with `kill -9` mid-call, and
// a second process pointed at the same folder.
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { Call, InboundCall } from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { EventClient } from '../server/support/event-client'
import { ChaosLab, login } from './support/chaos-process'

/** The customer's grace period of these runs (short, so that the test waits seconds, not 30). */
const CUSTOMER_GRACE_MS = 6_000
const TIMERS = JSON.stringify({ customerGraceMs: CUSTOMER_GRACE_MS, ringTimeoutMs: 120_000 })

const lab = new ChaosLab(TIMERS)
const { dataDir, start, authenticate, clients } = lab

describe('chaos on one process', () => {
  afterEach(() => lab.cleanup())

  it('kill -9 during a call, the customer gone while it is down: the agent is told within the grace and is free', async (t) => {
    const folder = dataDir()
    const first = await start({ DATA_DIR: folder })
    const accessToken = await login(first, 'elena@demo.test')
    const sessionId = randomUUID()
    const agent = await authenticate(first, accessToken, sessionId)
    assert.ok((await agent.request('status', { status: 'available' })).ok)
    const customer = new EventClient(first.url, { namespace: '/customer', auth: { sessionId: randomUUID() } })
    clients.push(customer)
    await customer.connected()
    const queued = await customer.request<{ callId: string }>('queue:join', {
      segment: SEED.segments.sales,
      name: 'Gone while down',
    })
    assert.ok(queued.ok, JSON.stringify(queued))
    const inbound = await agent.next<InboundCall>('inbound')
    assert.ok((await agent.request('answer', { callId: inbound.id })).ok)
    await agent.next<Call>('join')
    await customer.next('call:joined')

    // The crash; the customer closes their tab meanwhile (their socket is gone and never comes back).
    await first.kill()
    const killedAt = Date.now()
    customer.close()
    const second = await start({ DATA_DIR: folder }, first.port)
    const readyMs = Date.now() - killedAt
    // The agent's console reconnects with its session: back in its call, then told the customer is gone.
    const back = await authenticate(second, accessToken, sessionId)
    const rejoined = await back.next<Call>('rejoin')
    assert.equal(rejoined.id, inbound.id)
    const timeout = await back.next<{ callId: string }>(
      'customer:timeout',
      (event) => event.callId === inbound.id,
      CUSTOMER_GRACE_MS + readyMs + 10_000,
    )
    const toldMs = Date.now() - killedAt
    assert.equal(timeout.callId, inbound.id)
    t.diagnostic(
      `restarted in ${readyMs} ms; customer:timeout ${toldMs} ms after the kill (grace ${CUSTOMER_GRACE_MS} ms)`,
    )
    // Within the grace counted from the crash (plus a sweep and the restart if it took longer).
    assert.ok(
      toldMs <= Math.max(CUSTOMER_GRACE_MS, readyMs) + 3_000,
      `told after ${toldMs} ms (ready ${readyMs})`,
    )
    assert.ok((await back.request('hangup', {})).ok)
    await back.next('end', (event: { callId: string }) => event.callId === inbound.id)
    const status = await back.next<{ available: boolean; inCall: boolean }>(
      'agent:status:update',
      (update) => !update.inCall,
    )
    assert.equal(status.inCall, false)
    // A fresh login finds no stale call.
    const again = await authenticate(second, await login(second, 'elena@demo.test'), sessionId)
    assert.equal(again.has('rejoin'), false)
    const authenticated = await again.next<{ callId: string | null }>('agent:authenticated')
    assert.equal(authenticated.callId, null)
  })

  it('refuses a second process on the same PGlite folder, saying why', async () => {
    const folder = dataDir()
    const first = await start({ DATA_DIR: folder })
    const second = await start({ DATA_DIR: folder }).then(
      () => null,
      (error: unknown) => String(error),
    )
    assert.ok(second, 'the second process started')
    assert.match(second, /already open in another server process/)
    assert.match(second, /use PostgreSQL \(DATABASE_URL\)/)
    // The first one goes on.
    assert.equal((await fetch(`${first.url}/readyz`)).status, 200)
  })
})
