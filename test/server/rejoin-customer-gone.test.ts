import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Call } from '../../src/protocol'
import { newId } from '../../server/store/ids'
import { sweepOnce } from '../../server/routing/sweeper'
import { TestServer } from './support/test-server'
import {
  agentOffline as agentOfflineIn,
  callInNewSegment,
  customerAway as customerAwayIn,
} from './support/call-flow'

// Issue 69: the customer's grace ran out while the agent was away (their socket dropped, or the server
// died and came back late). `customer:timeout` then went to an empty room: the agent's `rejoin` must say
// the customer is gone, or the agent sits in a call nobody will come back to.
let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

const grace = () => server.app.context.timers.customerGraceMs
const agentGrace = () => server.app.context.timers.agentGraceMs

const inCall = (name: string) => callInNewSegment(server, name)
const agentOffline = (userId: string) => agentOfflineIn(server, userId)
const customerAway = (callId: string) => customerAwayIn(server, callId)

describe('an agent back in a call whose customer went for good while they were away', () => {
  it('gets customerGone "timeout" in `rejoin` when the grace ran out in their absence, and can hang up', async () => {
    const { email, sessionId, owner, customer, call } = await inCall('Gone timeout')
    assert.equal(call.customerGone, null)
    owner.client.socket.io.engine.close()
    await customer.next('peer:leave')
    await agentOffline(owner.userId)
    customer.socket.io.engine.close()
    await customerAway(call.id)
    // The customer's grace runs out first (30 s), the agent is still within theirs (60 s).
    await server.advance(grace())
    const rows = await server.db.query<{ status: string; customer_left: boolean }>(
      'SELECT status, customer_left FROM calls WHERE id = $1',
      [call.id],
    )
    assert.deepEqual(rows[0], { status: 'active', customer_left: true })

    const back = await server.agent(email, { sessionId })
    const rejoined = await back.client.next<Call>('rejoin')
    assert.equal(rejoined.id, call.id)
    assert.equal(rejoined.customerConnected, false)
    assert.equal(rejoined.customerGone, 'timeout')
    assert.ok((await back.client.request('hangup', {})).ok)
    assert.equal((await back.client.next<{ callId: string }>('end')).callId, call.id)
  })

  it('gets customerGone "hangup" when the customer hung up in their absence', async () => {
    const { email, sessionId, owner, customer, call } = await inCall('Gone hangup')
    owner.client.socket.io.engine.close()
    await customer.next('peer:leave')
    await agentOffline(owner.userId)
    assert.ok((await customer.request('hangup', {})).ok)
    assert.deepEqual(await customer.next('call:ended'), { callId: call.id, reason: 'left' })

    const back = await server.agent(email, { sessionId })
    const rejoined = await back.client.next<Call>('rejoin')
    assert.equal(rejoined.customerGone, 'hangup')
    assert.equal(rejoined.customerConnected, false)
  })

  it('gets customerGone null while the customer may still come back', async () => {
    const { email, sessionId, owner, customer, call } = await inCall('Gone not yet')
    owner.client.socket.io.engine.close()
    await customer.next('peer:leave')
    await agentOffline(owner.userId)
    customer.socket.io.engine.close()
    await customerAway(call.id)
    await server.advance(grace() - 1_000)

    const back = await server.agent(email, { sessionId })
    const rejoined = await back.client.next<Call>('rejoin')
    assert.equal(rejoined.customerGone, null)
    assert.equal(rejoined.customerConnected, false)
    // Back in the room, the agent hears the timeout itself.
    await server.advance(1_000)
    assert.deepEqual(await back.client.next('customer:timeout'), { callId: call.id, name: 'Carlos Cliente' })
  })
})

/**
 * The agent and the customer of a call were held by a process that died at this moment: as a `kill -9`
 * leaves the rows (connected, on a process whose heartbeat stops), with their sockets gone.
 */
async function dieHolding(userId: string, callId: string): Promise<void> {
  const deadNode = newId()
  await server.db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [
    deadNode,
    new Date(server.clock.now()),
  ])
  await server.db.query(
    "UPDATE agent_states SET connected = true, node_id = $2, socket_id = 'gone', disconnected_at = NULL WHERE user_id = $1",
    [userId, deadNode],
  )
  await server.db.query(
    'UPDATE calls SET customer_connected = true, customer_disconnected_at = NULL, customer_node_id = $2 WHERE id = $1',
    [callId, deadNode],
  )
  await server.db.query('UPDATE participants SET connected = true WHERE room_id = $1', [callId])
}

/** An agent and a customer in a call on a process that died: both their sockets are gone. */
async function callOnDeadProcess(name: string) {
  const { email, sessionId, owner, customer, call } = await inCall(name)
  owner.client.socket.io.engine.close()
  await agentOffline(owner.userId)
  customer.socket.io.engine.close()
  await customerAway(call.id)
  await dieHolding(owner.userId, call.id)
  return { email, sessionId, userId: owner.userId, call }
}

describe('a server that died mid-call and came back', () => {
  it('after the grace: takes over, times the customer out, and the rejoining agent hears it from `rejoin`', async () => {
    const { email, sessionId, call } = await callOnDeadProcess('Restart late')
    // The server is back 35 s later (a busy machine): its first sweep takes over and ends the grace.
    await server.advance(grace() + 5_000)
    await sweepOnce(server.app.context)
    await server.idle()
    const back = await server.agent(email, { sessionId })
    const rejoined = await back.client.next<Call>('rejoin')
    assert.equal(rejoined.id, call.id)
    assert.equal(rejoined.customerGone, 'timeout')
  })

  // Chaos: the restart (its sweep) and the agent's reconnection at moments before, at and after the
  // customer's grace, in both orders. Whatever the moment, once the grace is over the agent is either
  // out of the call or has been told the customer is gone: never in a call without a customer.
  const moments = [0, 29_000, 30_000, 31_000, 59_000, 61_000]
  for (const at of moments)
    for (const order of ['sweep first', 'agent first'] as const)
      it(`never leaves the agent in a call without a customer: back at ${at / 1000} s, ${order}`, async () => {
        const { email, sessionId, userId, call } = await callOnDeadProcess(`Chaos ${at} ${order}`)
        await server.advance(at)
        const sweep = async () => {
          await sweepOnce(server.app.context)
          await server.idle()
        }
        if (order === 'sweep first') await sweep()
        const back = await server.agent(email, { sessionId })
        if (order === 'agent first') await sweep()
        // Time goes on past both graces, sweeping as a live server does.
        const rest = Math.max(0, agentGrace() + 1_000 - at)
        for (let step = 0; step < rest; step += 10_000) {
          await server.advance(Math.min(10_000, rest - step))
          await sweep()
        }

        const states = await server.db.query<{ call_id: string | null }>(
          'SELECT call_id FROM agent_states WHERE user_id = $1',
          [userId],
        )
        if (states[0]?.call_id !== call.id) {
          // The call ended without them (their own grace ran out): nothing to rejoin.
          assert.equal(back.client.has('rejoin'), false)
          return
        }
        const rejoined = await back.client.next<Call>('rejoin')
        assert.equal(rejoined.id, call.id)
        const told =
          rejoined.customerGone === 'timeout' ||
          (await back.client.next<{ callId: string }>('customer:timeout', undefined, 2_000).then(
            (event) => event.callId === call.id,
            () => false,
          ))
        assert.ok(told, 'the agent knows the customer is gone')
        assert.ok((await back.client.request('hangup', {})).ok)
      })
})
