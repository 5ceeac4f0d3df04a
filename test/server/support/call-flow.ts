import type { Call, InboundCall, QueueStatus } from '../../../src/protocol'
import { randomUUID } from 'node:crypto'
import type { EventClient } from './event-client'
import { pollUntil } from './poll'
import type { TestServer } from './test-server'

/** A customer queues in a segment; resolves with their queue status. */
export async function queueCustomer(
  customer: EventClient,
  segment: string,
  name = 'Carlos Cliente',
): Promise<QueueStatus> {
  const reply = await customer.request<QueueStatus>('queue:join', { segment, name })
  if (!reply.ok) throw new Error(`queue:join: ${JSON.stringify(reply.error)}`)
  return reply.data
}

/** The agent answers the call ringing at them; resolves with the `join` payload. */
export async function answer(agent: EventClient, callId?: string): Promise<Call> {
  const inbound = callId ? { id: callId } : await agent.next<InboundCall>('inbound')
  const reply = await agent.request<Call>('answer', { callId: inbound.id })
  if (!reply.ok) throw new Error(`answer: ${JSON.stringify(reply.error)}`)
  return agent.next<Call>('join')
}

/**
 * An agent and a customer in a call, in a segment of their own named `name`; the agent's email and
 * session id let them come back.
 */
export async function callInNewSegment(server: TestServer, name: string) {
  const segment = await server.createSegment(name)
  const email = await server.createAgent([segment])
  const sessionId = randomUUID()
  const owner = await server.agent(email, { status: 'available', sessionId })
  const customer = await server.customer()
  await queueCustomer(customer, segment)
  const call = await answer(owner.client)
  await customer.next('call:joined')
  return { email, sessionId, owner, customer, call }
}

/** Waits until the agent's row says they are offline (their socket's close was handled). */
export async function agentOffline(server: TestServer, userId: string): Promise<void> {
  await pollUntil(async () => {
    const rows = await server.db.query<{ connected: boolean }>(
      'SELECT connected FROM agent_states WHERE user_id = $1',
      [userId],
    )
    return rows[0]?.connected === false
  }, 'the agent is offline')
}

/** Waits until the call's row says its customer is away. */
export async function customerAway(server: TestServer, callId: string): Promise<void> {
  await pollUntil(async () => {
    const rows = await server.db.query<{ customer_connected: boolean }>(
      'SELECT customer_connected FROM calls WHERE id = $1',
      [callId],
    )
    return rows[0]?.customer_connected === false
  }, 'the customer is away')
}
