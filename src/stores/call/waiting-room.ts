import { atom } from 'nanostores'
import { PendingAuthorizationsSchema, type PendingAuthorization } from '../../protocol'
import { realtime } from '../session/connection'
import { notify } from '../app/toasts'
import { onCallCleanup } from './call-scope'

/** People waiting to enter the active meeting (SPEC §2 "Waiting room"). */
export const $waitingRoom = atom<PendingAuthorization[]>([])

/** Session ids with an accept or deny on its way (their rows show busy; a second press is ignored). */
export const $waitingRoomBusy = atom<string[]>([])

/** Replaces the waiting list (meeting join, `meeting:pending:authorizations`). */
export function setWaitingRoom(list: readonly PendingAuthorization[]): void {
  $waitingRoom.set([...list])
}

async function decide(event: 'meeting:accept' | 'meeting:deny', sessionId: string): Promise<void> {
  // One decision per person: a second press while the first is on its way changes nothing.
  if ($waitingRoomBusy.get().includes(sessionId)) return
  $waitingRoomBusy.set([...$waitingRoomBusy.get(), sessionId])
  try {
    const reply = await realtime().request(event, { sessionId }, PendingAuthorizationsSchema)
    setWaitingRoom(reply.data)
  } catch {
    notify({ variant: 'danger', messageId: 'call.waitingRoom.error' })
  } finally {
    $waitingRoomBusy.set($waitingRoomBusy.get().filter((id) => id !== sessionId))
  }
}

/**
 * Lets someone in from the waiting room, by their session id.
 *
 * @example
 * await acceptParticipant(person.sessionId)
 */
export function acceptParticipant(sessionId: string): Promise<void> {
  return decide('meeting:accept', sessionId)
}

/** Turns someone in the waiting room away, by their session id. */
export function denyParticipant(sessionId: string): Promise<void> {
  return decide('meeting:deny', sessionId)
}

/** Empties the waiting room (the meeting ended). */
export function resetWaitingRoom(): void {
  $waitingRoom.set([])
  $waitingRoomBusy.set([])
}

onCallCleanup(resetWaitingRoom)
