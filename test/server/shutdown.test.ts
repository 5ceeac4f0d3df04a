import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Call, InboundCall, QueueStatus } from '../../src/protocol'
import { openPGlite } from '../../server/store/pglite-database'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { databaseIn } from './support/prepared-database'

describe('graceful shutdown', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('tells connected agents and customers to reconnect elsewhere, then closes their connections', async () => {
    const { client: agent } = await server.agent(await server.createAgent([]))
    const customer = await server.customer()
    const report = await server.app.shutdown()

    assert.deepEqual(await agent.next('server:draining'), { reason: 'shutdown' })
    // `transport close` (not `io server disconnect`): socket.io clients reconnect by themselves.
    assert.equal(await agent.next('disconnect'), 'transport close')
    assert.deepEqual(await customer.next('server:draining'), { reason: 'shutdown' })
    assert.equal(await customer.next('disconnect'), 'transport close')
    assert.equal(report.socketsClosed, 2)
    assert.equal(report.timedOut, false)
    // Stopped: nothing answers any more.
    await assert.rejects(fetch(`${server.url}/healthz`))
  })
})

describe('a restart (shutdown, then a new process on the same database)', () => {
  let directory: string
  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'agent-console-restart-'))
  })
  after(() => rmSync(directory, { recursive: true, force: true }))

  it('hands a ringing call back to its queue, and the customer keeps their place', async () => {
    const dataDir = join(directory, 'ringing')
    const first = await TestServer.start({ database: await databaseIn(dataDir) })
    const segment = await first.createSegment('Restart ring')
    const email = await first.createAgent([segment])
    const { client: agent } = await first.agent(email, { status: 'available' })
    const sessionId = randomUUID()
    const customer = await first.customer(sessionId)
    const { callId } = await queueCustomer(customer, segment)
    assert.equal((await agent.next<InboundCall>('inbound')).id, callId)

    const report = await first.app.shutdown()
    assert.equal(report.handedBack, 1)
    assert.equal(report.customersAway, 1)
    assert.deepEqual(await agent.next('server:draining'), { reason: 'shutdown' })
    assert.deepEqual(await customer.next('server:draining'), { reason: 'shutdown' })
    await first.close()

    const second = await TestServer.start({ database: await openPGlite({ dataDir }) })
    try {
      const rows = await second.db.query<{
        status: string
        customer_connected: boolean
        customer_left: boolean
      }>('SELECT status, customer_connected, customer_left FROM calls WHERE id = $1', [callId])
      assert.deepEqual(rows[0], { status: 'queued', customer_connected: false, customer_left: false })
      const offers = await second.db.query<{ state: string }>('SELECT state FROM offers WHERE call_id = $1', [
        callId,
      ])
      assert.deepEqual(
        offers.map((offer) => offer.state),
        ['canceled'],
      )

      // Both come back (to whichever process the load balancer picks): the same call rings again.
      const back = await second.agent(email, { status: 'available' })
      const returning = await second.customer(sessionId)
      const status = await returning.next<QueueStatus>('queue:status')
      assert.equal(status.callId, callId)
      assert.equal((await back.client.next<InboundCall>('inbound')).id, callId)
    } finally {
      await second.close()
    }
  })

  it('keeps an answered call: the agent rejoins it and the customer is connected again', async () => {
    const dataDir = join(directory, 'active')
    const first = await TestServer.start({ database: await databaseIn(dataDir) })
    const segment = await first.createSegment('Restart call')
    const email = await first.createAgent([segment])
    const { client: agent } = await first.agent(email, { status: 'available' })
    const sessionId = randomUUID()
    const customer = await first.customer(sessionId)
    const { callId } = await queueCustomer(customer, segment)
    await answer(agent)
    await customer.next('call:joined')

    const report = await first.app.shutdown()
    assert.equal(report.handedBack, 0)
    assert.equal(report.customersAway, 1)
    await first.close()

    const second = await TestServer.start({ database: await openPGlite({ dataDir }) })
    try {
      const login = await second.login(email)
      const client = second.socket()
      await client.connected()
      const authenticated = await client.request('authenticate', {
        accessToken: login.accessToken,
        sessionId: randomUUID(),
        timezone: 'America/Santiago',
      })
      assert.ok(authenticated.ok)
      const rejoined = await client.next<Call>('rejoin')
      assert.equal(rejoined.id, callId)
      const returning = await second.customer(sessionId)
      const joined = await returning.next<{ callId: string }>('call:joined')
      assert.equal(joined.callId, callId)
      assert.deepEqual(await client.next('customer:join'), { callId, name: 'Carlos Cliente' })
    } finally {
      await second.close()
    }
  })
})
