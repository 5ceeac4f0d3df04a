import type { FastifyRequest } from 'fastify'
import { ERROR_MESSAGES } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { SESSION_REFUSALS, assertAccountAdmits } from '../auth/account-gate'
import { familyIsLive } from '../store/sessions'
import { userById, type UserRow } from '../store/users'

/** The caller of an authenticated request. */
export interface RequestUser {
  user: UserRow
  familyId: string
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

/**
 * The user behind the request's access token: valid signature, not expired, its session (family)
 * not revoked by a logout, the user still there and not locked (401 otherwise); and what the login
 * checked still holds for this request: the subscription (402) and the account's IP allow list for
 * the request's address (403).
 */
export async function requireUser(context: ServerContext, request: FastifyRequest): Promise<RequestUser> {
  const token = bearerToken(request)
  const claims = token ? await context.tokens.verifyAccess(token) : null
  if (!claims) throw new ServerError(401, ERROR_MESSAGES.unauthorized)
  const [user, live] = await Promise.all([
    userById(context.db, claims.userId),
    familyIsLive(context.db, claims.familyId),
  ])
  if (!user || !live || user.locked || user.account_id !== claims.accountId)
    throw new ServerError(401, ERROR_MESSAGES.unauthorized)
  assertAccountAdmits(user, request.ip, context.clock.now(), SESSION_REFUSALS)
  return { user, familyId: claims.familyId }
}
