import type { FastifyInstance } from 'fastify'
import {
  ClaimRequestSchema,
  ERROR_MESSAGES,
  LoginRequestSchema,
  LogoutRequestSchema,
  REDIRECT_HEADER,
  RefreshRequestSchema,
  SsoRequestSchema,
  type CheckTokenResponse,
  type Ok,
} from '../../src/protocol'
import { login } from '../auth/login'
import { rotateRefreshToken } from '../auth/refresh'
import { sessionDevice } from '../auth/session-device'
import { mintClaim, redeemClaim } from '../auth/claims'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { lockRefreshToken, revokeFamily } from '../store/sessions'
import { userByEmail } from '../store/users'
import { bearerToken } from './request-user'
import type { ApiTools } from './api-plugin'
import { disconnectSession } from '../realtime/session-control'
import { beginSsoLogin, finishSsoLogin, startSsoLogin } from '../auth/sso'
import { clearSsoBinding, setSsoBinding, ssoBindingOf } from './sso-binding-cookie'
import { clearRefreshCookie, deliverRefreshToken, refreshTokenOf } from './refresh-cookie'

/** SPEC §7 auth calls, claims and enterprise SSO (OpenID Connect, `server/auth/sso.ts`). */
export function authRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.post('/auth/login', async (request, reply) => {
    const body = parseInput(LoginRequestSchema, request.body)
    const redirect = request.headers[REDIRECT_HEADER]
    const session = await login(
      context,
      body,
      request.ip,
      typeof redirect === 'string' ? redirect : undefined,
      sessionDevice(request.headers['user-agent']),
    )
    return deliverRefreshToken(context, request, reply, session)
  })

  app.get<{ Params: { id: string } }>('/auth/login/:id', async (request, reply) =>
    deliverRefreshToken(
      context,
      request,
      reply,
      await redeemClaim(context, request.params.id, request.ip, sessionDevice(request.headers['user-agent'])),
    ),
  )

  app.get(
    '/auth/check-token',
    authed(async (_request, { user }): Promise<CheckTokenResponse> => {
      const token = bearerToken(_request)
      const claims = token ? await context.tokens.verifyAccess(token) : null
      return {
        valid: true,
        userId: user.id,
        account: user.account_id,
        level: user.level,
        exp: claims?.exp ?? 0,
      }
    }),
  )

  app.post('/auth/refresh-token', async (request, reply) => {
    const body = parseInput(RefreshRequestSchema, request.body ?? {})
    const refreshToken = refreshTokenOf(context, request, body.refreshToken)
    if (!refreshToken) throw new ServerError(401, ERROR_MESSAGES.unauthorized)
    return deliverRefreshToken(
      context,
      request,
      reply,
      await rotateRefreshToken(context, refreshToken, request.ip),
    )
  })

  // Works with the refresh token (body or cookie), the bearer token, or both; always answers ok.
  app.post('/auth/logout', async (request, reply): Promise<Ok> => {
    const body = parseInput(LogoutRequestSchema, request.body ?? {})
    const now = context.clock.now()
    const families = new Set<string>()
    const refreshToken = refreshTokenOf(context, request, body.refreshToken)
    clearRefreshCookie(context, request, reply)
    if (refreshToken) {
      const row = await context.db.transaction((tx) => lockRefreshToken(tx, refreshToken))
      if (row) families.add(row.family_id)
    }
    const token = bearerToken(request)
    const claims = token ? await context.tokens.verifyAccess(token) : null
    if (claims) families.add(claims.familyId)
    // The logins started from this one (claims it minted) end with it.
    for (const familyId of families)
      for (const child of await revokeFamily(context.db, familyId, now)) families.add(child)
    for (const familyId of families) {
      // Logging out is leaving the shift: the next login starts disconnected, not straight into calls.
      await context.db.query(
        `UPDATE agent_states SET status = 'disconnected' WHERE user_id = (SELECT user_id FROM token_families WHERE id = $1)
           AND call_id IS NULL AND appointment_id IS NULL`,
        [familyId],
      )
      await disconnectSession(context, familyId, 'logout')
    }
    return { ok: true }
  })

  app.post(
    '/auth/claims',
    authed(async (request, { user, familyId }) => {
      const body = parseInput(ClaimRequestSchema, request.body ?? {})
      // Bound to the caller's login: the claimed session ends with it (logout, its lifetime).
      return mintClaim(context, user.id, body.remember === true, familyId)
    }),
  )

  if (context.devEndpoints)
    app.post('/dev/claims', async (request) => {
      const body = parseInput(ClaimRequestSchema, request.body ?? {})
      const user = body.email ? await userByEmail(context.db, body.email) : undefined
      if (!user) throw new ServerError(404, 'Unknown email')
      return mintClaim(context, user.id, body.remember === true, null)
    })

  app.post('/auth/sso', async (request) => {
    const body = parseInput(SsoRequestSchema, request.body)
    if (body.agreement !== true) throw new ServerError(400, 'You must accept the terms and conditions')
    return { location: await startSsoLogin(context, body.email, body.remember === true) }
  })

  // The browser passes here on its way to the provider and takes the binding of this login along.
  app.get<{ Querystring: { state?: unknown } }>('/auth/sso/begin', async (request, reply) => {
    const state = typeof request.query.state === 'string' ? request.query.state : ''
    const begun = await beginSsoLogin(context, state)
    if (!begun) return reply.redirect('/login?sso-error=401', 302)
    setSsoBinding(context, request, reply, begun.binding)
    return reply.redirect(begun.authorizeUrl, 302)
  })

  // The identity provider sends the browser back here; a refusal goes to the login with its reason.
  app.get('/auth/sso/callback', async (request, reply) => {
    try {
      const claimPath = await finishSsoLogin(context, request.url, ssoBindingOf(context, request), request.ip)
      clearSsoBinding(context, request, reply)
      return reply.redirect(claimPath, 302)
    } catch (error) {
      if (!(error instanceof ServerError)) throw error
      return reply.redirect(`/login?sso-error=${error.code}`, 302)
    }
  })
}
