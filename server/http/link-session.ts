import type { FastifyRequest } from 'fastify'
import type { JWTPayload } from 'jose'
import { ERROR_MESSAGES } from '../../src/protocol'
import { SESSION_REFUSALS, assertAccountAdmits } from '../auth/account-gate'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { familyIsLive } from '../store/sessions'
import { userById, type UserRow } from '../store/users'

/** The claim that binds a link (a recording's media, a backup's download) to the login that made it. */
export const linkSession = (familyId: string) => ({ sid: familyId })

/**
 * The user a recordings link was handed to, when the link still holds as their session would: the login
 * that made it (`sid`) not logged out or revoked, the user there, not locked, still with
 * `recordings_access`, and their account admitting this request (subscription, IP allow list). A link
 * outlives none of them: it is a bearer secret in a URL, and its hours of life must not outlast the
 * session that asked for it. Throws 401 (or the account's 402/403) otherwise.
 *
 * @example
 * const user = await linkHolder(context, request, claims)
 */
export async function linkHolder(
  context: ServerContext,
  request: FastifyRequest,
  claims: JWTPayload,
): Promise<UserRow> {
  const refused = () => new ServerError(401, ERROR_MESSAGES.unauthorized)
  if (typeof claims.sid !== 'string' || typeof claims.aud !== 'string') throw refused()
  const [user, live] = await Promise.all([
    userById(context.db, claims.aud),
    familyIsLive(context.db, claims.sid),
  ])
  if (!user || !live || user.locked || !user.recordings_access) throw refused()
  if (claims.org !== undefined && claims.org !== user.account_id) throw refused()
  assertAccountAdmits(user, request.ip, context.clock.now(), SESSION_REFUSALS)
  return user
}
