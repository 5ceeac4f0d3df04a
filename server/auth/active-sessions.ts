import * as v from 'valibot'
import { IdSchema, type ActiveSession, type EndedSessions } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { revokeFamily } from '../store/sessions'
import { liveSessionsOf, type LiveSessionRow } from '../store/session-list'
import { disconnectSession } from '../realtime/session-control'
import { deviceWords } from './session-device'
import { familyEndsAt } from './session-issuer'

/** The user's logins that still work now: not revoked and not past their lifetime. */
async function liveSessions(
  context: ServerContext,
  userId: string,
  familyId: string,
): Promise<LiveSessionRow[]> {
  const now = context.clock.now()
  const rows = await liveSessionsOf(context.db, userId, familyId)
  return rows.filter((row) => familyEndsAt(row) > now)
}

/**
 * The caller's live sessions (ASVS 7.4.5), newest first: device in words, the address last seen, when
 * it began and was last used, and which one is the caller's own. A login started from another by a claim
 * is shown as part of it (it ends with it, and has no device of its own to end separately).
 *
 * @example
 * const sessions = await listSessions(context, user.id, familyId)
 */
export async function listSessions(
  context: ServerContext,
  userId: string,
  familyId: string,
): Promise<ActiveSession[]> {
  return (await liveSessions(context, userId, familyId)).map((row) => ({
    id: row.id,
    device: { ...deviceWords(row.device), userAgent: row.device },
    address: row.address,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    current: row.current,
  }))
}

/** Revokes a login with the logins started from it, and closes their sockets at once, saying why. */
async function endLogin(context: ServerContext, familyId: string): Promise<void> {
  const ended = await revokeFamily(context.db, familyId, context.clock.now())
  for (const id of ended) await disconnectSession(context, id, 'session-ended')
}

/**
 * Ends one of the caller's sessions by its id (ASVS 7.4.5): its refresh and access tokens stop working
 * and its sockets close with `session-ended`. An id that is not one of the caller's live sessions, the
 * id of another user's included, is 404: nobody learns whether it exists.
 */
export async function endSession(
  context: ServerContext,
  userId: string,
  familyId: string,
  id: string,
): Promise<void> {
  const target = v.is(IdSchema, id)
    ? (await liveSessions(context, userId, familyId)).find((row) => row.id === id)
    : undefined
  if (!target) throw new ServerError(404, 'Not found')
  await endLogin(context, target.id)
}

/**
 * Ends every session of the caller but the one making the call, and what it started (ASVS 7.5.2): after a
 * password change, a lost device, or a doubt.
 */
export async function endOtherSessions(
  context: ServerContext,
  userId: string,
  familyId: string,
): Promise<EndedSessions> {
  const others = (await liveSessions(context, userId, familyId)).filter((row) => !row.current)
  for (const row of others) await endLogin(context, row.id)
  return { ended: others.length }
}
