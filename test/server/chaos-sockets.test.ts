import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { Call, InboundCall } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { queueCustomer } from './support/call-flow'
import type { EventClient } from './support/event-client'

/** How many transports the test closes under the clients (CHAOS_CLOSES to change). */
const CLOSES = Number(process.env.CHAOS_CLOSES ?? 1000)
/** How many agent-and-customer lanes cut at once. */
const LANES = 5

/** Routing events that must arrive once per call, neither lost nor twice. */
const ONCE = ['inbound', 'join', 'rejoin', 'end', 'call:ended', 'call:joined']

/** Closes the transport under a client, as a network cut does (`engine.close()`), and waits for the drop. */
async function cut(client: EventClient): Promise<void> {
  client.socket.io.engine.close()
  await client.next('disconnect')
}

/** Nothing of `events` about `callId` waits in `client` (after a round trip that would have carried it). */
function noneLeft(client: EventClient, callId: string, label: string): void {
  const left = client.pending().filter((event) => ONCE.includes(event))
  assert.deepEqual(left, [], `${label} received ${left.join(', ')} twice for ${callId}`)
}

describe('forced socket closes during ringing and calls', () => {
  it(`${CLOSES} closes: every routing event arrives once, none lost, none duplicated`, async () => {
    const server = await TestServer.start()
    try {
      let closes = 0
      // Lanes of their own (a segment, an agent, their customers) run side by side, as on a busy server.
      const lane = async (index: number) => {
        const segment = await server.createSegment(`Chaos ${index}`)
        const email = await server.createAgent([segment])
        const first = await server.agent(email, { status: 'available' })
        const { token, sessionId } = first
        let agent = first.client
        // The console comes back on a new socket with its session: back where it was.
        const agentReconnects = async () => {
          await cut(agent)
          agent = server.socket()
          await agent.connected()
          const reply = await agent.request('authenticate', {
            accessToken: token,
            sessionId,
            timezone: 'UTC',
          })
          assert.ok(reply.ok, JSON.stringify(reply))
        }
        let cycles = 0
        while (closes < CLOSES) {
          cycles += 1
          const customerSession = randomUUID()
          let customer = await server.customer(customerSession)
          const { callId } = await queueCustomer(customer, segment, `Chaos ${index}.${cycles}`)
          await agent.next<InboundCall>('inbound', (call) => call.id === callId)
          // Cut while it rings: it rings again on the agent's new socket, once.
          await agentReconnects()
          closes += 1
          await agent.next<InboundCall>('inbound', (call) => call.id === callId)
          const answered = await agent.request('answer', { callId })
          assert.ok(answered.ok, JSON.stringify(answered))
          await agent.next<Call>('join', (call) => call.id === callId)
          await customer.next('call:joined')
          // The customer's link drops during the call: they come back into it, once.
          await cut(customer)
          closes += 1
          customer = await server.customer(customerSession)
          await customer.next<{ callId: string }>('call:joined', (event) => event.callId === callId)
          // The agent's link drops during the call: `rejoin`, once.
          await agentReconnects()
          closes += 1
          await agent.next<Call>('rejoin', (call) => call.id === callId)
          const hung = await agent.request('hangup', {})
          assert.ok(hung.ok, JSON.stringify(hung))
          await agent.next('end', (event: { callId: string }) => event.callId === callId)
          assert.deepEqual(await customer.next('call:ended'), { callId, reason: 'hangup' })
          // A round trip on each socket: anything duplicated would have arrived before its answer.
          assert.ok((await agent.request('status', { status: 'available' })).ok)
          assert.equal((await customer.request('chat:message', { text: 'still here?' })).ok, false)
          noneLeft(agent, callId, 'the agent')
          noneLeft(customer, callId, 'the customer')
          customer.close()
        }
      }
      await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)))
      assert.equal(closes >= CLOSES, true)
      const open = await server.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM calls WHERE status IN ('queued', 'ringing', 'active')",
      )
      assert.equal(open[0]?.count, 0, 'a call was left open')
    } finally {
      await server.close()
    }
  })
})
