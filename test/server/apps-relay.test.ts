import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { SEED, seedConsoleSettings } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

/** A 1×1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

/** An agent and a customer in a call of a segment of their own. */
async function inCall(name: string) {
  const segment = await server.createSegment(name)
  const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
  const customer = await server.customer(randomUUID())
  await queueCustomer(customer, segment)
  const call = await answer(agent.client)
  await customer.next('call:joined')
  return { agent: agent.client, customer, call }
}

describe('the apps:message relay', () => {
  it('relays commands from the agent to the app and reports from the app to the agent', async () => {
    const { agent, customer } = await inCall('Apps both ways')
    const start = {
      appEvent: 'start',
      name: 'onboarding',
      data: { requestId: 'r-1' },
      options: { kiosk: 'front desk' },
    }
    assert.deepEqual(await agent.request('apps:message', start), { ok: true, data: null })
    assert.deepEqual(await customer.next('apps:message'), start)

    const reports = [
      {
        appEvent: 'answer',
        name: 'onboarding',
        data: { requestId: 'r-1', action: 'start', ok: true, state: 'running' },
      },
      { appEvent: 'devices', name: 'onboarding', data: { barcode: 'active', nfc: 'disabled' } },
      {
        appEvent: 'log',
        name: 'onboarding',
        data: { level: 'warn', text: 'Lens dusty', at: '2025-03-01T13:00:00.000Z' },
      },
      {
        appEvent: 'stage',
        name: 'onboarding',
        data: {
          scan: 'document',
          status: 3,
          result: { fields: [{ label: 'Surname', value: 'Prueba' }], image: PIXEL },
        },
      },
      {
        appEvent: 'stage',
        name: 'onboarding',
        data: { scan: 'fingerprint', status: 3, result: { quality: 90 } },
      },
      { appEvent: 'stage', name: 'onboarding', data: { scan: 'fingerprint', status: 0 } },
    ]
    for (const report of reports) {
      assert.deepEqual(await customer.request('apps:message', report), { ok: true, data: null })
      assert.deepEqual(await agent.next('apps:message'), report)
    }
  })

  it('keeps each call to itself: nothing reaches the agent or customer of another call', async () => {
    const one = await inCall('Apps call one')
    const two = await inCall('Apps call two')
    await one.agent.request('apps:message', {
      appEvent: 'stop',
      name: 'onboarding',
      data: { requestId: 'a' },
    })
    await one.customer.next('apps:message')
    await two.customer.request('apps:message', {
      appEvent: 'devices',
      name: 'onboarding',
      data: { fingerprint: 'active' },
    })
    await two.agent.next('apps:message')
    // A round trip on each socket: anything relayed to them would have arrived before its reply.
    for (const client of [one.agent, two.agent]) await client.request('notification:request', {})
    for (const client of [one.customer, two.customer])
      await client.request('permissions', { camera: true, microphone: true })
    assert.equal(two.customer.has('apps:message'), false)
    assert.equal(one.agent.has('apps:message'), false)
    // Outside any call: refused.
    const idle = await server.agent(await server.createAgent([]), { status: 'available' })
    const refused = await idle.client.request('apps:message', {
      appEvent: 'start',
      name: 'onboarding',
      data: { requestId: 'x' },
    })
    assert.equal(refused.ok ? 0 : refused.error.code, 409)
    const stranger = await server.customer(randomUUID())
    const strangerReport = await stranger.request('apps:message', {
      appEvent: 'devices',
      name: 'onboarding',
      data: { nfc: 'active' },
    })
    assert.equal(strangerReport.ok ? 0 : strangerReport.error.code, 409)
  })

  it('refuses malformed messages, each direction with its own shapes, and relays none of them', async () => {
    const { agent, customer } = await inCall('Apps malformed')
    const fromAgent: unknown[] = [
      {
        appEvent: 'answer',
        name: 'onboarding',
        data: { requestId: 'a', action: 'start', ok: true, state: 'running' },
      },
      { appEvent: 'launch', name: 'onboarding', data: { requestId: 'a' } },
      { appEvent: 'start', name: 'onboarding', data: { requestId: '<script>' } },
      { appEvent: 'start', name: '', data: { requestId: 'a' } },
      { appEvent: 'start', name: 'onboarding' },
      'start',
    ]
    for (const message of fromAgent) {
      const reply = await agent.request('apps:message', message)
      assert.equal(reply.ok ? 0 : reply.error.code, 400, JSON.stringify(message))
    }
    const fromApp: unknown[] = [
      { appEvent: 'start', name: 'onboarding', data: { requestId: 'a' } },
      { appEvent: 'stage', name: 'onboarding', data: { scan: 'document', status: 4 } },
      { appEvent: 'stage', name: 'onboarding', data: { scan: 'palm', status: 1 } },
      {
        appEvent: 'stage',
        name: 'onboarding',
        data: {
          scan: 'document',
          status: 3,
          result: { fields: [], image: 'data:image/svg+xml;base64,PHN2Zz4=' },
        },
      },
      {
        appEvent: 'stage',
        name: 'onboarding',
        data: { scan: 'document', status: 3, result: { fields: [], image: 'javascript:alert(1)' } },
      },
      {
        appEvent: 'stage',
        name: 'onboarding',
        data: { scan: 'fingerprint', status: 3, result: { quality: 101 } },
      },
      { appEvent: 'devices', name: 'onboarding', data: {} },
      { appEvent: 'devices', name: 'onboarding', data: { nfc: 'broken' } },
      {
        appEvent: 'log',
        name: 'onboarding',
        data: { level: 'info', text: 'a\u0000b', at: new Date().toISOString() },
      },
      {
        appEvent: 'log',
        name: 'onboarding',
        data: { level: 'info', text: 'x'.repeat(2001), at: new Date().toISOString() },
      },
      {
        appEvent: 'log',
        name: 'onboarding',
        data: { level: 'loud', text: 'hi', at: new Date().toISOString() },
      },
    ]
    for (const message of fromApp) {
      const reply = await customer.request('apps:message', message)
      assert.equal(reply.ok ? 0 : reply.error.code, 400, JSON.stringify(message))
    }
    await agent.request('notification:request', {})
    await customer.request('permissions', { camera: true, microphone: true })
    assert.equal(agent.has('apps:message'), false)
    assert.equal(customer.has('apps:message'), false)
  })

  it('relays only apps of the account: 404 for an unknown app, 403 when the account has none', async () => {
    const { agent, customer } = await inCall('Apps unknown')
    const unknown = await agent.request('apps:message', {
      appEvent: 'start',
      name: 'kiosk',
      data: { requestId: 'a' },
    })
    assert.equal(unknown.ok ? 0 : unknown.error.code, 404)
    const unknownReport = await customer.request('apps:message', {
      appEvent: 'devices',
      name: 'kiosk',
      data: { nfc: 'active' },
    })
    assert.equal(unknownReport.ok ? 0 : unknownReport.error.code, 404)
    await server.db.query('UPDATE accounts SET settings = $2 WHERE id = $1', [
      SEED.account,
      JSON.stringify({ ...seedConsoleSettings(), apps: [] }),
    ])
    try {
      const none = await agent.request('apps:message', {
        appEvent: 'start',
        name: 'onboarding',
        data: { requestId: 'a' },
      })
      assert.equal(none.ok ? 0 : none.error.code, 403)
    } finally {
      await server.db.query('UPDATE accounts SET settings = $2 WHERE id = $1', [
        SEED.account,
        JSON.stringify(seedConsoleSettings()),
      ])
    }
    assert.equal(customer.has('apps:message'), false)
  })

  it('tells the customer page which segments run the app', async () => {
    const { status, body } = await server.http<{
      data: { name: string; app: { name: string; label: string } | null; appsEnabled: boolean }[]
    }>('GET', '/public/segments')
    assert.equal(status, 200)
    const sales = body.data.find((segment) => segment.name === 'Sales')
    const support = body.data.find((segment) => segment.name === 'Support')
    assert.deepEqual(sales?.app, { name: 'onboarding', label: 'Onboarding kit' })
    assert.equal(sales?.appsEnabled, true)
    assert.equal(support?.appsEnabled, false)
  })
})
