import type { ServerToClientEvents } from '../../src/protocol'
import type { ServerContext } from '../context'
import { cancelOffersOf } from '../routing/ring-end'
import { customerSocketsEverywhere } from '../realtime/customer-sockets'

/** How a drain goes. */
export interface DrainOptions {
  /**
   * How long to keep serving, not ready, before closing the listener: long enough for the load
   * balancer to see `/readyz` fail (its check interval × failures). Waited on the server's clock.
   */
  delayMs: number
  /** The longest wait for clients to go once told (wall time); then they are cut off. */
  timeoutMs: number
}

/** What a drain did, logged and returned by `app.shutdown()`. */
export interface DrainReport {
  /** Offers that were ringing at this process's agents, handed back to their queue. */
  handedBack: number
  /** Customers of this process whose call waits for them to come back (on any process). */
  customersAway: number
  /** Sockets told `server:draining` and closed. */
  socketsClosed: number
  /** Whether some client had to be cut off after `timeoutMs`. */
  timedOut: boolean
}

/** What the drain needs from the application besides the context. */
export interface DrainSteps {
  /** Stops the sweeper and heartbeat; resolves once a sweep in flight is over. */
  stopSweeper: () => Promise<void>
  /** Stops accepting connections (the listener closes; open ones stay until they end). */
  stopListening: () => void
}

/** The payload of `server:draining`: reconnect now, to another process (the load balancer picks it). */
export const DRAINING: Parameters<ServerToClientEvents['server:draining']>[0] = { reason: 'shutdown' }

/**
 * Takes this process out of service without losing a call: not ready (and no new socket) at once;
 * after `delayMs` the listener closes, the heartbeat goes (no process routes to this one's agents
 * any more), calls ringing here go back to their queue and ring elsewhere, customers' calls wait
 * for them to come back, and every client hears `server:draining` before its connection closes
 * (`transport close`: the console and the customer page reconnect by themselves).
 */
export async function drain(
  context: ServerContext,
  steps: DrainSteps,
  options: DrainOptions,
): Promise<DrainReport> {
  const log = context.logger.child({ component: 'lifecycle' })
  context.lifecycle.draining = true
  log.info({ event: 'process.draining', delayMs: options.delayMs }, 'draining: not ready any more')
  if (options.delayMs > 0)
    await new Promise<void>((resolve) => context.clock.setTimeout(resolve, options.delayMs))

  steps.stopListening()
  await steps.stopSweeper()
  // Without a heartbeat, `offer_next_call` skips this process's agents: nothing new rings here.
  await context.db.query('DELETE FROM nodes WHERE id = $1', [context.nodeId])
  const handedBack = await handBackOffers(context)
  const customersAway = await markCustomersAway(context)

  const sockets: ClosableSocket[] = [
    ...context.io.of('/').sockets.values(),
    ...context.customers.sockets.values(),
  ]
  const gone = Promise.all(
    sockets.map((socket) =>
      socket.connected
        ? new Promise<void>((resolve) => socket.once('disconnect', () => resolve()))
        : undefined,
    ),
  )
  // `local`: with several processes, a plain emit would reach the other processes' clients too.
  context.io.local.emit('server:draining', DRAINING)
  context.customers.local.emit('server:draining', DRAINING)
  // Closing the connection (not `disconnect()`) is what makes socket.io clients reconnect by themselves.
  for (const socket of sockets) socket.conn.close()
  const timedOut = !(await within(gone, options.timeoutMs))
  if (timedOut) {
    context.io.local.disconnectSockets(true)
    context.customers.local.disconnectSockets(true)
  }
  const report = { handedBack, customersAway, socketsClosed: sockets.length, timedOut }
  log.info({ event: 'process.drained', ...report }, 'drained')
  return report
}

/** What the drain does with a socket of either namespace. */
interface ClosableSocket {
  connected: boolean
  once(event: 'disconnect', listener: () => void): unknown
  conn: { close(): void }
}

/** Cancels what rings at this process's agents: each call goes back to its queue and rings elsewhere. */
async function handBackOffers(context: ServerContext): Promise<number> {
  const rows = await context.db.query<{ agent_id: string }>(
    `SELECT DISTINCT o.agent_id FROM offers o JOIN agent_states s ON s.user_id = o.agent_id
      WHERE o.state = 'ringing' AND s.node_id = $1`,
    [context.nodeId],
  )
  let handed = 0
  for (const { agent_id } of rows) if (await cancelOffersOf(context, agent_id, 'draining')) handed += 1
  return handed
}

/**
 * Marks the calls of this process's customers as waiting for their customer, before their
 * connections close: whichever process they reconnect to then finds them away and takes them back,
 * and if they never do, the survivors' sweeper gives up on them after the grace period. Marking it
 * here, first, is what keeps a late disconnect handler from undoing a reconnection elsewhere.
 */
async function markCustomersAway(context: ServerContext): Promise<number> {
  const local = context.customers.sockets
  const sessions: string[] = []
  for (const sessionId of new Set([...local.values()].map((socket) => socket.data.sessionId))) {
    // A customer with another tab open on another process is not away.
    const everywhere = await customerSocketsEverywhere(context, sessionId)
    if (everywhere.every((socket) => local.has(socket.id))) sessions.push(sessionId)
  }
  if (sessions.length === 0) return 0
  const rows = await context.db.query(
    `UPDATE calls SET customer_connected = false, customer_disconnected_at = $2
      WHERE customer_session_id = ANY($1) AND status IN ('queued', 'ringing', 'active') AND customer_connected
        AND NOT customer_left AND NOT customer_kicked
      RETURNING id`,
    [sessions, new Date(context.clock.now())],
  )
  return rows.length
}

/** Whether `work` settled within `ms` of wall time. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
    timer.unref()
  })
  const done = await Promise.race([work.then(() => true as const), late])
  clearTimeout(timer)
  return done
}
