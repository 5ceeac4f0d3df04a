import * as v from 'valibot'
import {
  CustomerHandshakeSchema,
  customerEventSchemas,
  type ErrorReply,
  type CustomerToServerEvents,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { handle, type Arrival, type EventLane } from './event-handler'
import type { CustomerNamespace, CustomerSocket } from './io-types'
import { rooms } from './io-types'
import { customerEventHandlers } from './customer-events'
import { noteFailure } from './event-failures'
import { customerSocketsEverywhere } from './customer-sockets'
import { customerDisconnected, customerReconnected } from '../routing/customer-presence'
import { guestMeeting } from '../meetings/guest-entry'
import { admitGuest, guestLeaves } from '../meetings/waiting-room'
import { meetingCustomerPeerId, setConnected } from '../store/participants'
import { guestTokenValid } from '../meetings/guest-token'
import { readAnonymousLimits } from '../config'
import { clientAddress } from '../http/client-address'
import { CustomerBudgets, tooManyConnections } from './customer-budgets'

/**
 * The customer namespace: the handshake must carry `auth.sessionId` (else `connect_error`); a
 * reconnecting session takes back its queue place, call or meeting. Anyone may connect, so what they
 * may spend is budgeted (`CustomerBudgets`): sockets open per address (over it: `connect_error`),
 * `queue:join` per address and per session, chat lines per socket (over them: a 429 ack), and every
 * event's size (`payloadCap`: a 413 ack, counted with the budgets' refusals).
 */
export function attachCustomerNamespace(context: ServerContext, namespace: CustomerNamespace): void {
  const budgets = new CustomerBudgets(readAnonymousLimits(process.env), context.metrics, context.clock.now)
  namespace.use((socket, next) => {
    const auth = v.safeParse(CustomerHandshakeSchema, socket.handshake.auth)
    if (!auth.success) return next(new Error('auth.sessionId (at least 8 characters) is required'))
    const address = clientAddress(socket.request, context.trust)
    if (!budgets.connect(address)) return next(tooManyConnections())
    // The slot is given back once: when the socket goes, or its connection closes before it connected.
    let held = true
    const release = () => {
      if (held) budgets.disconnect(address)
      held = false
    }
    socket.once('disconnect', release)
    socket.conn.once('close', release)
    const headers = socket.handshake.headers
    socket.data = {
      sessionId: auth.output.sessionId,
      ...(auth.output.guestToken ? { guestToken: auth.output.guestToken } : {}),
      ip: socket.handshake.address,
      userAgent: String(headers['user-agent'] ?? ''),
      language: typeof headers['accept-language'] === 'string' ? headers['accept-language'] : null,
      referrer: typeof headers.referer === 'string' ? headers.referer : null,
    }
    next()
  })
  namespace.on('connection', (socket) => attachCustomerSocket(context, socket, budgets))
}

function attachCustomerSocket(
  context: ServerContext,
  socket: CustomerSocket,
  budgets: CustomerBudgets,
): void {
  const lane: EventLane = { chain: Promise.resolve() }
  const { sessionId } = socket.data
  const address = clientAddress(socket.request, context.trust)
  const report = (event: string, error: ErrorReply, acked: boolean, _payload: unknown, cause: unknown) => {
    // A budget's refusals are counted by the budget, an oversized payload here: a flood writes no line
    // per frame (an anonymous client may send as many as it likes).
    if (error.code === 413)
      context.metrics.anonymousRefusals.inc({ surface: 'customer_event', limit: 'payload_size' })
    else if (error.code !== 429) noteFailure(context, '/customer', event, error, cause, null)
    if (!acked) socket.emit('protocol:error', { ...error, event })
  }
  lane.chain = (async () => {
    await socket.join(rooms.customer(sessionId))
    await customerReconnected(context, sessionId)
    const meeting = await guestMeeting(context, sessionId)
    // Back into a meeting only with the guest token the server gave at admission.
    if (
      meeting?.state === 'accepted' &&
      (await guestTokenValid(context, socket.data.guestToken, meeting.guestId, meeting.appointmentId))
    ) {
      await setConnected(context.db, meeting.appointmentId, meetingCustomerPeerId(meeting.guestId), true)
      await admitGuest(context, meeting.appointmentId, sessionId, meeting.guestId, meeting.name)
    }
  })().catch((error) => context.log('customer reconnect', error))

  const handlers = customerEventHandlers(context, socket)
  const { 'queue:join': join, 'chat:message': chat } = handlers
  handlers['queue:join'] = async (request, arrival) => {
    budgets.queueJoin(address, sessionId)
    return join(request, arrival)
  }
  handlers['chat:message'] = async (message, arrival) => {
    budgets.chatLine(socket.id)
    return chat(message, arrival)
  }
  for (const [event, handler] of Object.entries(handlers)) {
    const name = event as keyof CustomerToServerEvents
    handle(
      socket,
      lane,
      name,
      customerEventSchemas[name],
      handler as (payload: unknown, arrival: Arrival) => Promise<unknown>,
      report,
      context.clock.now,
    )
  }

  socket.on('disconnect', (reason) => {
    budgets.forgetSocket(socket.id)
    const closed = lane.chain.then(async () => {
      // Another tab of the same session is still here: nothing changes.
      if ((await customerSocketsEverywhere(context, sessionId)).length > 0) return
      // A draining process marked its customers away before closing them (lifecycle/drain.ts): doing it
      // again now could undo their reconnection to another process.
      if (!context.lifecycle.draining) await customerDisconnected(context, sessionId, reason)
      const meeting = await guestMeeting(context, sessionId)
      if (meeting?.state === 'waiting') await guestLeaves(context, sessionId, meeting.appointmentId)
      if (meeting?.state === 'accepted') {
        const peerId = meetingCustomerPeerId(meeting.guestId)
        await setConnected(context.db, meeting.appointmentId, peerId, false)
        context.io.to(rooms.room(meeting.appointmentId)).emit('peer:leave', { peerId })
      }
    })
    lane.chain = closed.catch(() => undefined)
    context.background.run(() => closed)
  })
}
