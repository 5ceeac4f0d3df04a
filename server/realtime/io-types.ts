import type { Namespace, Server, Socket } from 'socket.io'
import type {
  ClientToServerEvents,
  CustomerToServerEvents,
  ServerToClientEvents,
  ServerToCustomerEvents,
} from '../../src/protocol'

/** What the server remembers on an agent socket (never anything another process needs). */
export interface AgentSocketData {
  userId?: string
  accountId?: string
  level?: number
  sessionId?: string
  familyId?: string
  timezone?: string
  name?: string
}

/** What the server remembers on a customer socket. */
export interface CustomerSocketData {
  sessionId: string
  /** The guest token of a meeting the customer was let into (handshake `auth.guestToken`), if any. */
  guestToken?: string
  ip: string
  userAgent: string
  language: string | null
  referrer: string | null
}

/** The typed socket.io server (agents on the default namespace). */
export type AgentServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  AgentSocketData
>
/** An agent socket. */
export type AgentSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  AgentSocketData
>
/** The customer namespace. */
export type CustomerNamespace = Namespace<
  CustomerToServerEvents,
  ServerToCustomerEvents,
  Record<string, never>,
  CustomerSocketData
>
/** A customer socket. */
export type CustomerSocket = Socket<
  CustomerToServerEvents,
  ServerToCustomerEvents,
  Record<string, never>,
  CustomerSocketData
>

/** Room names: every emit goes to a room, so it reaches the socket whichever process holds it. */
export const rooms = {
  /** Every socket of an agent. */
  user: (userId: string) => `user:${userId}`,
  /** Every socket of a customer session. */
  customer: (sessionId: string) => `customer:${sessionId}`,
  /** The socket of one peer of the signalling relay. */
  peer: (peerId: string) => `peer:${peerId}`,
  /** Everybody in a call or meeting (agents and the customer). */
  room: (roomId: string) => `room:${roomId}`,
  /** Every socket of one login (token family): logout closes them. */
  family: (familyId: string) => `family:${familyId}`,
}
