import { CUSTOMER_BUDGET_REASON, ERROR_MESSAGES, type CustomerBudgetReason } from '../../src/protocol'
import type { AnonymousLimits } from '../config'
import { ServerError } from '../errors'
import { TokenBuckets } from '../http/token-buckets'
import type { ServerMetrics } from '../observability/metrics'

/** A minute, the window of the `queue:join` budgets. */
const MINUTE_MS = 60_000

/**
 * What one process lets anonymous customers spend (`AnonymousLimits`): customer sockets open at once
 * per address, `queue:join`s per address and per session (token buckets refilled over a minute), and
 * chat lines per socket (a second's worth, with bursts of twice that). Every refusal is counted in
 * `agent_console_anonymous_refusals_total`: a flood shows there, not as calls ringing at agents.
 *
 * Sockets have no library of their own here (`@fastify/rate-limit` budgets HTTP routes only), so the
 * counts are this module's: in memory, per process, keyed by the client address `TRUST_PROXY` gives.
 *
 * @example
 * const budgets = new CustomerBudgets(readAnonymousLimits(process.env), context.metrics, context.clock.now)
 * if (!budgets.connect(ip)) return next(tooManyConnections())
 */
export class CustomerBudgets {
  private readonly open = new Map<string, number>()
  private readonly joinsByAddress: TokenBuckets
  private readonly joinsBySession: TokenBuckets
  private readonly chatBySocket: TokenBuckets

  constructor(
    private readonly limits: AnonymousLimits,
    private readonly metrics: Pick<ServerMetrics, 'anonymousRefusals'>,
    now: () => number,
  ) {
    const perMinute = (count: number) => ({ capacity: count, perWindow: count, windowMs: MINUTE_MS, now })
    this.joinsByAddress = new TokenBuckets(perMinute(limits.queueJoinsPerAddress))
    this.joinsBySession = new TokenBuckets(perMinute(limits.queueJoinsPerSession))
    this.chatBySocket = new TokenBuckets({
      capacity: limits.chatLinesPerSecond * 2,
      perWindow: limits.chatLinesPerSecond,
      windowMs: 1000,
      now,
    })
  }

  /** Takes one of `address`'s connection slots; false (counted) when they are all open. */
  connect(address: string): boolean {
    const open = this.open.get(address) ?? 0
    if (open >= this.limits.customerConnectionsPerAddress) {
      this.metrics.anonymousRefusals.inc({ surface: 'customer_connection', limit: 'per_address' })
      return false
    }
    this.open.set(address, open + 1)
    return true
  }

  /** Gives back a slot `connect` took (once per slot). */
  disconnect(address: string): void {
    const open = (this.open.get(address) ?? 1) - 1
    if (open > 0) this.open.set(address, open)
    else this.open.delete(address)
  }

  /** Spends a `queue:join` of the address and of the session; throws a 429 when either is spent. */
  queueJoin(address: string, sessionId: string): void {
    // The session's own budget first: one noisy session does not eat its address's (a shared NAT's).
    if (!this.joinsBySession.take(sessionId))
      this.refuse('queue_join', 'per_session', CUSTOMER_BUDGET_REASON.queueJoinsPerSession)
    if (!this.joinsByAddress.take(address))
      this.refuse('queue_join', 'per_address', CUSTOMER_BUDGET_REASON.queueJoinsPerAddress)
  }

  /** Spends a chat line of the socket; throws a 429 when its lines of the last seconds are spent. */
  chatLine(socketId: string): void {
    if (!this.chatBySocket.take(socketId)) this.refuse('chat', 'per_socket', CUSTOMER_BUDGET_REASON.chatLines)
  }

  /** Forgets a closed socket's chat budget. */
  forgetSocket(socketId: string): void {
    this.chatBySocket.forget(socketId)
  }

  /** Counts a refusal and throws its 429; `reason` tells the customer page which budget it was. */
  private refuse(surface: string, limit: string, reason: CustomerBudgetReason): never {
    this.metrics.anonymousRefusals.inc({ surface, limit })
    throw new ServerError(429, ERROR_MESSAGES.rateLimited, { reason })
  }
}

/**
 * The `connect_error` of a socket `CustomerBudgets.connect` turned away: its `data` carries the 429 and
 * the reason the customer page says in words.
 */
export function tooManyConnections(): Error {
  return Object.assign(new Error('Too many connections from this address'), {
    data: { code: 429, reason: CUSTOMER_BUDGET_REASON.connectionsPerAddress },
  })
}
