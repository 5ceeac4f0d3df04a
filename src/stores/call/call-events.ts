import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { receiveChatMessage } from './chat'
import {
  customerDisconnected,
  customerHungUp,
  customerJoined,
  customerPermissions,
  customerReconnected,
  customerTimedOut,
} from './call-customer'
import { setWaitingRoom } from './waiting-room'
import { receiveAppReport } from './custom-apps'

/** What the in-call listeners need from the call store. */
export interface InCallHooks {
  /** The id of the call or appointment these events must concern. */
  id: string
  /** A meeting (customers arriving are announced) rather than a call. */
  meeting: boolean
}

/**
 * Turns the server's in-call events into store actions for the length of one call or meeting:
 * chat, customer events, the waiting room, the custom app's reports. Returns the stop. (Transfer and invitation outcomes are
 * listened to for as long as the call store is: a server may end the call before it reports them.)
 */
export function listenInCall(hooks: InCallHooks): () => void {
  const socket = realtime()
  const ours = (event: { callId: string | null }) => event.callId === null || event.callId === hooks.id
  const stops = [
    socket.on('chat:message', receiveChatMessage),
    socket.on('apps:message', receiveAppReport),
    socket.on('customer:join', (event) => ours(event) && customerReconnected(event)),
    socket.on('customer:disconnect:call', (event) => ours(event) && customerDisconnected(event)),
    socket.on('customer:timeout', (event) => ours(event) && customerTimedOut(event)),
    socket.on('customer:hangup', (event) => ours(event) && customerHungUp(event)),
    socket.on('customer:permissions', (event) => ours(event) && customerPermissions(event)),
    socket.on('invited:hangup', (event) => {
      if (ours(event))
        notify({ variant: 'primary', messageId: 'call.invite.hangup', values: { name: event.agent } })
    }),
    socket.on('meeting:pending:authorizations', (list) => {
      if (list.appointmentId === hooks.id) setWaitingRoom(list.data)
    }),
    socket.on('peer:join', ({ peer }) => {
      if (hooks.meeting && peer.role === 'customer') customerJoined(peer.name)
    }),
  ]
  return () => stops.forEach((stop) => stop())
}
