import type { CustomerToServerEvents } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { liveCallOfCustomer } from '../store/calls'
import { callCustomerPeerId, meetingCustomerPeerId } from '../store/participants'
import { abandonQueuedCall, joinQueue } from '../routing/queue'
import { customerLeavesCall } from '../routing/hangup'
import { sendChat } from '../routing/chat'
import { openBeamport } from '../routing/call-tools'
import { relayReportToAgents } from '../routing/apps-relay'
import { relaySignal } from '../media/relay'
import { customerAccount, iceConfigFor } from '../media/ice-servers'
import { customerTurnId } from '../media/ice-credentials'
import { guestArrives, guestMeeting } from '../meetings/guest-entry'
import { guestLeaves } from '../meetings/waiting-room'
import { rooms, type CustomerSocket } from './io-types'
import type { Arrival } from './event-handler'

type Handlers = {
  [E in keyof CustomerToServerEvents]: (
    payload: Parameters<CustomerToServerEvents[E]>[0],
    arrival: Arrival,
  ) => Promise<unknown>
}

/** Where a customer is talking: an answered call, or a meeting they were let into. */
interface CustomerRoom {
  roomId: string
  peerId: string
  accountId: string
  name: string
}

/** The handlers of the customer namespace. */
export function customerEventHandlers(context: ServerContext, socket: CustomerSocket): Handlers {
  const { sessionId } = socket.data

  const currentRoom = async (): Promise<CustomerRoom> => {
    const call = await liveCallOfCustomer(context.db, sessionId)
    if (call?.status === 'active' && !call.customer_left && !call.customer_kicked)
      return {
        roomId: call.id,
        peerId: callCustomerPeerId(call.id),
        accountId: call.account_id,
        name: call.customer_name,
      }
    const meeting = await guestMeeting(context, sessionId)
    if (meeting?.state === 'accepted') {
      const rows = await context.db.query<{ account_id: string }>(
        'SELECT account_id FROM appointments WHERE id = $1',
        [meeting.appointmentId],
      )
      return {
        roomId: meeting.appointmentId,
        peerId: meetingCustomerPeerId(meeting.guestId),
        accountId: rows[0]?.account_id ?? '',
        name: meeting.name,
      }
    }
    throw new ServerError(409, 'You are not in a call or meeting')
  }

  const leave = async () => {
    const call = await liveCallOfCustomer(context.db, sessionId)
    if (call && (call.status === 'queued' || call.status === 'ringing')) {
      await abandonQueuedCall(context, call.id, 'left')
      socket.emit('call:ended', { callId: call.id, reason: 'left' })
      await context.customers.in(rooms.customer(sessionId)).socketsLeave(rooms.room(call.id))
    } else if (call?.status === 'active') await customerLeavesCall(context, call.id)
    const meeting = await guestMeeting(context, sessionId)
    if (meeting) await guestLeaves(context, sessionId, meeting.appointmentId)
    return null
  }

  return {
    'queue:join': async (request, arrival) => {
      const { status } = await joinQueue(context, socket.data, request, arrival)
      socket.emit('queue:status', status)
      return status
    },
    'queue:leave': leave,
    hangup: leave,
    permissions: async (permissions) => {
      const call = await liveCallOfCustomer(context.db, sessionId)
      if (!call) throw new ServerError(409, 'You are not in a call')
      await context.db.query('UPDATE calls SET customer_permissions = $2 WHERE id = $1', [
        call.id,
        JSON.stringify(permissions),
      ])
      context.io.to(rooms.room(call.id)).emit('customer:permissions', { callId: call.id, ...permissions })
    },
    'chat:message': async ({ text, key }) => {
      const room = await currentRoom()
      const from = { role: 'customer' as const, peerId: room.peerId, name: room.name }
      return sendChat(context, room.roomId, from, text, key)
    },
    signal: async (signal) => {
      const room = await currentRoom()
      await relaySignal(context, { peerId: room.peerId, roomId: room.roomId }, signal)
    },
    'beamport:open': async (beamport) => {
      const room = await currentRoom()
      await openBeamport(context, room.roomId, room.accountId, beamport)
    },
    'apps:message': async (report) => relayReportToAgents(context, await currentRoom(), report),
    'meeting:join': (request) => guestArrives(context, sessionId, request, socket.data.guestToken),
    'meeting:leave': async () => {
      const meeting = await guestMeeting(context, sessionId)
      if (!meeting) throw new ServerError(409, 'You are not in a meeting')
      await guestLeaves(context, sessionId, meeting.appointmentId)
      return null
    },
    'ice:servers': async () => {
      // Only a customer with somewhere to connect gets TURN credentials (the page is public: anyone
      // could otherwise mint relay access), under the policy of the account they call.
      const accountId = await customerAccount(context.db, sessionId)
      if (!accountId) throw new ServerError(409, 'Join a queue or a meeting first')
      return iceConfigFor(context, { turnId: customerTurnId(sessionId), accountId })
    },
  }
}
