import type { Call, InboundCall, QueueStatus } from '../../../src/protocol'
import type { EventClient } from './event-client'

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
