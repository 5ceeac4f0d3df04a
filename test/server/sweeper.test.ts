import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { newId } from '../../server/store/ids'
import { sweepOnce } from '../../server/routing/sweeper'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

// What another process would leave behind if it died: timers that never fire, agents it held. This
// server's own timers stay put (its clock does not move), so only the sweep can act.
describe('the sweeper', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  /** A moment `ms` before the server's now. */
  const ago = (ms: number) => new Date(server.clock.now() - ms)

  it('expires a ring whose timer lived in a process that died', async () => {
    const segment = await server.createSegment('Sweep ring')
    const a = await server.agent(await server.createAgent([segment]), { status: 'available' })
    await server.advance(1_000)
    const b = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await a.client.next('inbound')
    await server.db.query('UPDATE offers SET expires_at = $2 WHERE call_id = $1', [callId, ago(1_000)])
    await sweepOnce(server.app.context)
    assert.deepEqual(await a.client.next('agent:call:timeout'), { callId })
    assert.equal((await b.client.next<{ id: string }>('inbound')).id, callId)
  })

  it('counts the agents of a dead process as disconnected, so their user may log in again', async () => {
    const email = await server.createAgent([])
    const users = await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
    const deadNode = newId()
    await server.db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [deadNode, ago(5 * 60_000)])
    await server.db.query(
      "UPDATE agent_states SET connected = true, session_id = 'old-session-id', node_id = $2, status = 'available' WHERE user_id = $1",
      [users[0]?.id, deadNode],
    )
    // A live socket elsewhere would make this a duplicated session (403); a dead process's does not.
    const fresh = await server.agent(email, { sessionId: randomUUID() })
    assert.ok(fresh.client.socket.connected)
    const other = await server.createAgent([])
    const otherId = (
      await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [other])
    )[0]?.id
    await server.db.query('UPDATE agent_states SET connected = true, node_id = $2 WHERE user_id = $1', [
      otherId,
      deadNode,
    ])
    await sweepOnce(server.app.context)
    const rows = await server.db.query<{ connected: boolean }>(
      'SELECT connected FROM agent_states WHERE user_id = $1',
      [otherId],
    )
    assert.equal(rows[0]?.connected, false)
  })

  it('takes over the customer of a dead process: the agent is told at once, and customer:timeout after the grace', async () => {
    const segment = await server.createSegment('Sweep customer')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await answer(agent.client)
    await customer.next('call:joined')
    // The customer's socket was held by a process that died (its heartbeat stopped a moment ago).
    const deadNode = newId()
    await server.db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [
      deadNode,
      new Date(server.clock.now() - 1_000),
    ])
    await server.db.query('UPDATE calls SET customer_node_id = $2 WHERE id = $1', [callId, deadNode])
    await sweepOnce(server.app.context)
    assert.deepEqual(await agent.client.next('customer:disconnect:call'), {
      callId,
      reason: 'transport-error',
    })
    // Its grace runs from the dead process's last heartbeat: nothing before, customer:timeout after.
    const grace = server.app.context.timers.customerGraceMs
    await server.clock.advance(grace - 2_000)
    await sweepOnce(server.app.context)
    assert.equal(agent.client.has('customer:timeout'), false)
    await server.clock.advance(2_000)
    await sweepOnce(server.app.context)
    assert.equal((await agent.client.next<{ callId: string }>('customer:timeout')).callId, callId)
    assert.ok((await agent.client.request('hangup', {})).ok)
  })

  it('ends a queue call past its limit when its timer was lost', async () => {
    const segment = await server.createSegment('Sweep limit')
    const customer = await server.customer()
    const { callId } = await queueCustomer(customer, segment)
    await server.db.query('UPDATE calls SET queue_deadline = $2 WHERE id = $1', [callId, ago(1_000)])
    await sweepOnce(server.app.context)
    assert.deepEqual(await customer.next('queue:exceeded'), { callId })
  })
})
