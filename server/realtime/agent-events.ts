import type { ClientEventName, ClientEventPayload } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { lockAgentState, toStatusUpdate } from '../store/agent-states'
import { markNotificationsRead, notificationsOf } from '../store/notifications'
import { agentPeerId } from '../store/participants'
import { answerCall } from '../routing/answer'
import { dismissCall } from '../routing/ring-end'
import { hangupCall, kickCustomer } from '../routing/hangup'
import { offerToAgent } from '../routing/agent-offers'
import { transferToSegment } from '../routing/segment-transfer'
import {
  agentOpensBeamport,
  captureShot,
  exchangeWithCustomer,
  notifyQueueSystem,
  saveComments,
  setTags,
  updateAgentForm,
} from '../routing/call-tools'
import { relayCommandToApp } from '../routing/apps-relay'
import { checkStatusId, setStatus } from '../routing/statuses'
import { dispatchForAgent } from '../routing/dispatch'
import { agentRoom } from '../routing/current-room'
import { sendChat } from '../routing/chat'
import { recordingAction } from '../recordings/recording-actions'
import { relaySignal } from '../media/relay'
import { iceConfigFor } from '../media/ice-servers'
import { storeCallQuality } from '../media/call-quality'
import {
  calendarServices,
  callerOf,
  cancelAppointment,
  findAppointments,
  getAppointment,
  patchAppointment,
} from '../meetings/appointments'
import { checkAppointments } from '../meetings/appointment-check'
import { hangupMeeting, joinMeeting } from '../meetings/meeting-session'
import { decideGuest } from '../meetings/waiting-room'
import { rooms, type AgentSocket } from './io-types'

type Handlers = {
  [E in Exclude<ClientEventName, 'authenticate'>]: (payload: ClientEventPayload<E>) => Promise<unknown>
}

/** The handler of every agent event but `authenticate`; each runs after validation and authentication. */
export function agentEventHandlers(context: ServerContext, socket: AgentSocket): Handlers {
  const me = () => socket.data.userId as string
  const changeStatus = async ({ status }: { status: string }) => {
    const now = context.clock.now()
    const state = await context.db.transaction(async (tx) => {
      await checkStatusId(tx, socket.data.accountId as string, status)
      const current = await lockAgentState(tx, me())
      if (current?.call_id || current?.appointment_id)
        throw new ServerError(409, 'Hang up the call or meeting before changing status')
      await setStatus(tx, me(), status, now)
      return lockAgentState(tx, me())
    })
    if (!state) throw new ServerError(404, 'Unknown agent')
    const update = toStatusUpdate(state)
    context.events.agentStatus({ agentId: me(), status })
    context.io.to(rooms.user(me())).emit('agent:status:update', update)
    if (update.available) context.background.run(() => dispatchForAgent(context, me()))
    return update
  }
  const whereAmI = async () => {
    const room = await agentRoom(context, context.db, me())
    const participants = await context.db.query<{ role: 'agent' | 'guest'; name: string }>(
      'SELECT role, name FROM participants WHERE room_id = $1 AND peer_id = $2',
      [room.id, agentPeerId(me())],
    )
    return {
      room,
      role: participants[0]?.role ?? 'agent',
      name: participants[0]?.name ?? socket.data.name ?? '',
    }
  }

  return {
    'notification:request': async () => {
      const update = await notificationsOf(context.db, me())
      socket.emit('notifications:update', update)
      return update
    },
    'notifications:read': async ({ ids }) => {
      await markNotificationsRead(context.db, me(), ids, context.clock.now())
      const update = await notificationsOf(context.db, me())
      context.io.to(rooms.user(me())).emit('notifications:update', update)
      return update
    },
    status: changeStatus,
    'change:status': changeStatus,
    answer: ({ callId }) => answerCall(context, me(), callId),
    dismiss: ({ callId }) => dismissCall(context, me(), callId),
    hangup: ({ status }) => hangupCall(context, me(), status),
    'call:transfer:agent': ({ agent }) => offerToAgent(context, me(), agent, 'transferred'),
    'call:transfer:segment': ({ segment }) => transferToSegment(context, me(), segment),
    'call:invite:agent': ({ agent }) => offerToAgent(context, me(), agent, 'invited'),
    comments: ({ comments }) => saveComments(context, me(), comments),
    'set:tags': ({ tags }) => setTags(context, me(), tags),
    'form:update': ({ values }) => updateAgentForm(context, me(), values),
    'qms:notify': () => notifyQueueSystem(context, me()),
    'apps:message': (command) => relayCommandToApp(context, me(), command),
    'beamport:open': (beamport) => agentOpensBeamport(context, me(), beamport),
    'capture:shot': () => captureShot(context, me()),
    kick: () => kickCustomer(context, me()),
    recording: (action) => recordingAction(context, me(), action),
    'exchange:customer': (exchange) => exchangeWithCustomer(context, me(), exchange),
    'chat:message': async ({ text, key }) => {
      const { room, role, name } = await whereAmI()
      return sendChat(context, room.id, { role, peerId: agentPeerId(me()), name }, text, key)
    },
    signal: async (signal) => {
      const { room } = await whereAmI()
      await relaySignal(context, { peerId: agentPeerId(me()), roomId: room.id }, signal)
    },
    'calendar:services': async () => {
      const services = await calendarServices(context, me())
      socket.emit('calendar:services', services)
      return services
    },
    'appointments:check': () => checkAppointments(context, me()),
    'appointments:find': async (request) => {
      const found = await findAppointments(context, await callerOf(context, socket.data), request)
      socket.emit('appointments:find', found)
      return found
    },
    'appointments:get': async ({ appointment }) => {
      const reply = {
        appointment: await getAppointment(context, await callerOf(context, socket.data), appointment),
      }
      socket.emit('appointments:get', reply)
      return reply
    },
    'appointments:patch': async (request) => {
      const reply = {
        appointment: await patchAppointment(context, await callerOf(context, socket.data), request),
      }
      socket.emit('appointments:get', reply)
      return reply
    },
    'appointments:remove': async (request) => {
      const reply = {
        appointment: await cancelAppointment(context, await callerOf(context, socket.data), request),
      }
      socket.emit('appointments:get', reply)
      return reply
    },
    'meeting:join': ({ appointment }) => joinMeeting(context, me(), appointment),
    'meeting:hangup': ({ status }) => hangupMeeting(context, me(), status),
    'meeting:accept': ({ sessionId }) => decideGuest(context, me(), sessionId, true),
    'meeting:deny': ({ sessionId }) => decideGuest(context, me(), sessionId, false),
    // TURN credentials name the agent by user id only (coturn logs usernames).
    'ice:servers': () => iceConfigFor(context, { turnId: me(), accountId: socket.data.accountId ?? null }),
    'call:quality': (report) => storeCallQuality(context, me(), report),
  }
}
