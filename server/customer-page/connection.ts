import { io, type Socket } from 'socket.io-client'
import {
  CUSTOMER_NAMESPACE,
  type CustomerToServerEvents,
  type Reply,
  type ServerToCustomerEvents,
} from '../../src/protocol'

/** The customer's socket, typed by the protocol. */
export type CustomerSocket = Socket<ServerToCustomerEvents, CustomerToServerEvents>

const SESSION_KEY = 'customer-session'
const GUEST_TOKEN_KEY = 'customer-guest-token'

/** Keeps the guest token of `meeting:accepted`: the next handshake shows it to come back in. */
export function keepGuestToken(token: string): void {
  sessionStorage.setItem(GUEST_TOKEN_KEY, token)
}

/** The customer's session id: kept for the tab, so a reload or a reconnect resumes the call. */
export function customerSessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY)
  if (!id) {
    id = crypto.randomUUID()
    sessionStorage.setItem(SESSION_KEY, id)
  }
  return id
}

/**
 * Connects to `/customer` on `/ws`, websocket only, reconnecting by itself (a customer has no login to
 * renew). Each handshake carries the session id and, once let into a meeting, the guest token.
 */
export function connectCustomer(sessionId: string): CustomerSocket {
  return io(`${location.origin}${CUSTOMER_NAMESPACE}`, {
    path: '/ws',
    transports: ['websocket'],
    auth: (send) => {
      const guestToken = sessionStorage.getItem(GUEST_TOKEN_KEY)
      send(guestToken ? { sessionId, guestToken } : { sessionId })
    },
  })
}

/** Emits with an ack and resolves with the reply. */
export function request<T>(
  socket: CustomerSocket,
  event: keyof CustomerToServerEvents,
  payload: unknown,
): Promise<Reply<T>> {
  return (socket as unknown as Socket).timeout(15_000).emitWithAck(event, payload) as Promise<Reply<T>>
}
