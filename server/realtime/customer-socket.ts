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

/**
 * The customer namespace: the handshake must carry `auth.sessionId` (else `connect_error`); a
 * reconnecting session takes back its queue place, call or meeting.
 */
export function attachCustomerNamespace(context: ServerContext, namespace: CustomerNamespace): void {
  namespace.use((socket, next) => {
    const auth = v.safeParse(CustomerHandshakeSchema, socket.handshake.auth)
    if (!auth.success) return next(new Error('auth.sessionId (at least 8 characters) is required'))
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
  namespace.on('connection', (socket) => attachCustomerSocket(context, socket))
}

function attachCustomerSocket(context: ServerContext, socket: CustomerSocket): void {
  const lane: EventLane = { chain: Promise.resolve() }
  const { sessionId } = socket.data
  const report = (event: string, error: ErrorReply, acked: boolean, _payload: unknown, cause: unknown) => {
    noteFailure(context, '/customer', event, error, cause, null)
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
