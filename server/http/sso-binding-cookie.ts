import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context'
import { SSO_FLOW_LIFETIME_MS } from '../auth/sso'

/** The cookie binding an SSO login to the browser that began it; `__Secure-` prefixed behind TLS. */
export const SSO_BINDING_COOKIE = 'agent_sso'
const COOKIE_PATH = '/api/auth/sso'

function secure(context: ServerContext, request: FastifyRequest): boolean {
  return request.protocol === 'https' || context.publicUrl().startsWith('https://')
}

function cookieName(isSecure: boolean): string {
  return isSecure ? `__Secure-${SSO_BINDING_COOKIE}` : SSO_BINDING_COOKIE
}

/**
 * Gives the browser its SSO binding: HttpOnly, on the SSO path only, for the flow's lifetime.
 * SameSite=Lax, because the provider sends the browser back by a top-level navigation from its site.
 */
export function setSsoBinding(
  context: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  binding: string,
): void {
  const isSecure = secure(context, request)
  reply.setCookie(cookieName(isSecure), binding, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'lax',
    path: COOKIE_PATH,
    maxAge: SSO_FLOW_LIFETIME_MS / 1000,
  })
}

/** The browser's SSO binding, if it has one. */
export function ssoBindingOf(context: ServerContext, request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(secure(context, request))]
}

/** Removes the binding once the login is over (signed in or refused). */
export function clearSsoBinding(context: ServerContext, request: FastifyRequest, reply: FastifyReply): void {
  const isSecure = secure(context, request)
  if (request.cookies[cookieName(isSecure)] === undefined) return
  reply.clearCookie(cookieName(isSecure), {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'lax',
    path: COOKIE_PATH,
  })
}
