import type { FastifyBaseLogger } from 'fastify'
import type { ServerMetrics } from './metrics'
import { idFieldsLogger } from './logger'

/** Which of an agent's offers: a queue call, a direct transfer, an invitation. */
export type OfferKind = 'inbound' | 'transferred' | 'invited'

/** Who and what a routing line is about: ids only, never a name or an address. */
export interface CallRef {
  callId: string
  /** The agent concerned; null when none is (a queue exit, a call with nobody left). */
  agentId: string | null
  /** The call's segment (its id). */
  segmentId: string | null
}

/**
 * What happens to calls, told once by the routing code and turned here into a log line (`info`,
 * with `event`, `callId`, `agentId`, `segment`) and the matching counters. Routing code calls these
 * after its transaction committed, so nothing is counted that rolled back.
 */
export interface RoutingEvents {
  /** A customer joined a queue. */
  queued(call: CallRef): void
  /** A call rang at an agent; `latencyMs` (queue join → this ring) is given for a queue call's first ring. */
  offered(call: CallRef & { kind: OfferKind; offerId: string; latencyMs: number | null }): void
  /** The agent answered the offer. */
  answered(call: CallRef & { kind: OfferKind }): void
  /** An offer ended unanswered: dismissed, rang out, or withdrawn (`reason` says why). */
  offerEnded(
    call: CallRef & { kind: OfferKind; outcome: 'dismissed' | 'timeout' | 'canceled'; reason?: string },
  ): void
  /** A transfer's outcome: `success`, or why it failed (dismissed, timeout, unavailable, no-agents, failed). */
  transfer(call: CallRef & { target: 'agent' | 'segment'; outcome: string; toId: string | null }): void
  /** An answered call ended. */
  callEnded(call: CallRef & { reason: string }): void
  /** The customer left an answered call (`hangup`) or was removed (`kicked`); the call goes on for the agent. */
  customerLeft(call: CallRef & { reason: 'hangup' | 'kicked' }): void
  /** A customer left a queue without being answered (left, abandoned, exceeded...). */
  queueExit(call: CallRef & { reason: string }): void
  /** A customer with a live call lost their connection (`away`, with socket.io's reason) or came back. */
  customerPresence(call: CallRef & { state: 'away' | 'back'; reason?: string }): void
  /** An agent's socket authenticated (`connected`) or closed (`disconnected`, with socket.io's reason). */
  agentPresence(agent: { agentId: string; state: 'connected' | 'disconnected'; reason?: string }): void
  /** An agent chose a status. */
  agentStatus(agent: { agentId: string; status: string }): void
  /** A socket event was refused or failed (code = the error reply's). */
  socketEventFailed(failure: {
    namespace: '/' | '/customer'
    event: string
    code: number
    message: string
    agentId: string | null
  }): void
}

/**
 * The routing events of one server: log lines through `logger` and counters in `metrics`.
 *
 * @example
 * const events = createRoutingEvents(fastify.log, metrics)
 * events.offered({ callId, agentId, segmentId, kind: 'inbound', offerId, latencyMs: 12 })
 */
export function createRoutingEvents(logger: FastifyBaseLogger, metrics: ServerMetrics): RoutingEvents {
  // Their fields are ids, enums and numbers (CallRef): see idFieldsLogger.
  const log = idFieldsLogger(logger, { component: 'routing' })
  const presence = idFieldsLogger(logger, { component: 'presence' })
  const fields = ({ callId, agentId, segmentId }: CallRef) => ({ callId, agentId, segment: segmentId })
  return {
    queued(call) {
      metrics.callsQueued.inc({ segment: call.segmentId ?? '' })
      log.info({ event: 'call.queued', ...fields(call) }, 'call queued')
    },
    offered(call) {
      metrics.offers.inc({ kind: call.kind })
      const { latencyMs } = call
      if (latencyMs !== null) metrics.routingLatency.observe(latencyMs / 1000)
      log.info(
        {
          event: 'call.offered',
          ...fields(call),
          kind: call.kind,
          offerId: call.offerId,
          ...(latencyMs !== null ? { latencyMs } : {}),
        },
        'call offered',
      )
    },
    answered(call) {
      metrics.answers.inc({ kind: call.kind })
      log.info({ event: 'call.answered', ...fields(call), kind: call.kind }, 'call answered')
    },
    offerEnded(call) {
      const { kind, outcome } = call
      if (outcome === 'dismissed') metrics.dismissals.inc({ kind })
      else if (outcome === 'timeout') metrics.ringTimeouts.inc({ kind })
      else metrics.offersCanceled.inc({ kind, reason: call.reason ?? 'unavailable' })
      log.info(
        {
          event: `offer.${outcome}`,
          ...fields(call),
          kind,
          ...(call.reason ? { reason: call.reason } : {}),
        },
        `offer ${outcome}`,
      )
    },
    transfer(call) {
      metrics.transfers.inc({ target: call.target, outcome: call.outcome })
      log.info(
        {
          event: 'call.transfer',
          ...fields(call),
          target: call.target,
          to: call.toId,
          outcome: call.outcome,
        },
        `transfer ${call.outcome}`,
      )
    },
    callEnded(call) {
      metrics.callsEnded.inc({ reason: call.reason })
      log.info({ event: 'call.ended', ...fields(call), reason: call.reason }, 'call ended')
    },
    customerLeft(call) {
      log.info(
        { event: 'call.customer-left', ...fields(call), reason: call.reason },
        'customer left the call',
      )
    },
    queueExit(call) {
      metrics.queueExits.inc({ reason: call.reason })
      log.info({ event: 'call.queue-exit', ...fields(call), reason: call.reason }, 'customer left the queue')
    },
    customerPresence(call) {
      presence.info(
        {
          event: `customer.${call.state}`,
          ...fields(call),
          ...(call.reason ? { reason: call.reason } : {}),
        },
        call.state === 'away' ? 'customer connection lost' : 'customer back',
      )
    },
    agentPresence({ agentId, state, reason }) {
      presence.info({ event: `agent.${state}`, agentId, ...(reason ? { reason } : {}) }, `agent ${state}`)
    },
    agentStatus({ agentId, status }) {
      presence.info({ event: 'agent.status', agentId, status }, 'agent status')
    },
    socketEventFailed({ namespace, event, code, message, agentId }) {
      metrics.socketEventErrors.inc({ namespace, event, code: String(code) })
      const line = { event: 'socket.refused', namespace, socketEvent: event, code, agentId, reason: message }
      if (code >= 500) log.error(line, 'socket event failed')
      else log.info(line, 'socket event refused')
    },
  }
}
