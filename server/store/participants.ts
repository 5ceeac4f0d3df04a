import type { ChatMessage, Peer } from '../../src/protocol'
import type { Queryable } from './database'
import { newId } from './ids'

/** The relay id of an agent (owner or guest). */
export const agentPeerId = (userId: string) => `agent:${userId}`
/** The relay id of the customer of a call. */
export const callCustomerPeerId = (callId: string) => `customer:${callId}`
/** The relay id of a customer admitted to a meeting: their public guest id, never their secret session id. */
export const meetingCustomerPeerId = (guestId: string) => `visitor:${guestId}`

/** A participant entering (or coming back to) a room. */
export interface NewParticipant {
  peerId: string
  role: Peer['role']
  name: string
  userId?: string | null
  sessionId?: string | null
}

/** Adds a participant, or marks a returning one present and connected again. */
export async function joinRoom(
  db: Queryable,
  roomId: string,
  who: NewParticipant,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO participants (room_id, peer_id, role, user_id, session_id, name, connected, joined_at)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7)
     ON CONFLICT (room_id, peer_id) DO UPDATE SET role = $3, name = $6, connected = true, left_at = NULL`,
    [roomId, who.peerId, who.role, who.userId ?? null, who.sessionId ?? null, who.name, new Date(now)],
  )
}

/** A participant left the room for good. */
export async function leaveRoom(db: Queryable, roomId: string, peerId: string, now: number): Promise<void> {
  await db.query(
    'UPDATE participants SET left_at = $3, connected = false WHERE room_id = $1 AND peer_id = $2',
    [roomId, peerId, new Date(now)],
  )
}

/** Everybody leaves the room (the call or meeting is over). */
export async function closeRoom(db: Queryable, roomId: string, now: number): Promise<void> {
  await db.query(
    'UPDATE participants SET left_at = $2, connected = false WHERE room_id = $1 AND left_at IS NULL',
    [roomId, new Date(now)],
  )
}

/** A participant's socket dropped or came back (they are still in the room). */
export async function setConnected(
  db: Queryable,
  roomId: string,
  peerId: string,
  connected: boolean,
): Promise<void> {
  await db.query(
    'UPDATE participants SET connected = $3 WHERE room_id = $1 AND peer_id = $2 AND left_at IS NULL',
    [roomId, peerId, connected],
  )
}

/** Participants present and connected, but `except`. */
export async function presentPeers(db: Queryable, roomId: string, except?: string): Promise<Peer[]> {
  const rows = await db.query<{ peer_id: string; role: Peer['role']; name: string }>(
    `SELECT peer_id, role, name FROM participants
      WHERE room_id = $1 AND left_at IS NULL AND connected AND peer_id IS DISTINCT FROM $2 ORDER BY joined_at`,
    [roomId, except ?? null],
  )
  return rows.map((row) => ({ id: row.peer_id, role: row.role, name: row.name }))
}

/** Whether a peer is in a room now (present, connected or not). */
export async function inRoom(db: Queryable, roomId: string, peerId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM participants WHERE room_id = $1 AND peer_id = $2 AND left_at IS NULL',
    [roomId, peerId],
  )
  return rows.length > 0
}

/** A chat line stored, and whether it is new (false: its key had been stored already, and this is that line). */
export interface StoredMessage {
  message: ChatMessage
  fresh: boolean
}

interface MessageRow {
  id: string
  from_role: ChatMessage['from']
  peer_id: string
  name: string
  text: string
  created_at: Date
}

const messageOf = (row: MessageRow): ChatMessage => ({
  id: row.id,
  from: row.from_role,
  peerId: row.peer_id,
  name: row.name,
  text: row.text,
  at: row.created_at.toISOString(),
})

/**
 * Stores a chat line of a room. With a `key`, a line its sender has already stored under that key is
 * not stored again: that line comes back, not fresh (the sender asked again after no answer).
 */
export async function insertMessage(
  db: Queryable,
  roomId: string,
  from: { role: ChatMessage['from']; peerId: string; name: string },
  text: string,
  now: number,
  key?: string,
): Promise<StoredMessage> {
  const message: ChatMessage = {
    id: newId(),
    from: from.role,
    peerId: from.peerId,
    name: from.name,
    text,
    at: new Date(now).toISOString(),
  }
  const inserted = await db.query(
    `INSERT INTO messages (id, room_id, from_role, peer_id, name, text, created_at, client_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (room_id, peer_id, client_key) WHERE client_key IS NOT NULL DO NOTHING RETURNING id`,
    [message.id, roomId, from.role, from.peerId, from.name, text, new Date(now), key ?? null],
  )
  if (inserted.length > 0) return { message, fresh: true }
  const [stored] = await db.query<MessageRow>(
    'SELECT * FROM messages WHERE room_id = $1 AND peer_id = $2 AND client_key = $3',
    [roomId, from.peerId, key],
  )
  if (!stored) throw new Error('A keyed chat line conflicted and then was not found')
  return { message: messageOf(stored), fresh: false }
}

/** The chat of a room, oldest first (at most the last 500 lines). */
export async function messagesOf(db: Queryable, roomId: string): Promise<ChatMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (SELECT * FROM messages WHERE room_id = $1 ORDER BY created_at DESC LIMIT 500) m ORDER BY created_at`,
    [roomId],
  )
  return rows.map(messageOf)
}
