import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify'
import { ERROR_MESSAGES } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError, inputErrorOf, toErrorReply } from '../errors'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyCookie from '@fastify/cookie'
import { databaseRateLimitStore } from './rate-limit-store'
import { requireUser, type RequestUser } from './request-user'

/** A route handler that gets the caller already authenticated. */
export type AuthedHandler<G extends RouteGenericInterface = RouteGenericInterface> = (
  request: FastifyRequest<G>,
  caller: RequestUser,
  reply: FastifyReply,
) => Promise<unknown>

/** Helpers every route module receives. */
export interface ApiTools {
  context: ServerContext
  /** Wraps a handler so it only runs for a valid bearer token. */
  authed: <G extends RouteGenericInterface = RouteGenericInterface>(
    handler: AuthedHandler<G>,
  ) => (request: FastifyRequest<G>, reply: FastifyReply) => Promise<unknown>
}

/**
 * The `/api` scope: JSON error bodies (`ErrorReply`) for every failure, the rate limiter
 * (`@fastify/rate-limit` counting in the database, so processes share one budget per client address:
 * 429 with `retry-after`), and the `authed` wrapper.
 */
export async function setUpApi(app: FastifyInstance, context: ServerContext): Promise<ApiTools> {
  const { api, login } = context.rateLimits
  const isLogin = (key: string) => key.startsWith('login:')
  // Only the auth calls read a cookie (the HttpOnly refresh cookie); the API itself is bearer-only.
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    store: databaseRateLimitStore(context.db, context.clock.now),
    keyGenerator: (request) =>
      `${request.method === 'POST' && request.url.startsWith('/api/auth/login') ? 'login' : 'api'}:${request.ip}`,
    max: (_request, key) => (isLogin(key) ? login.max : api.max),
    timeWindow: (_request, key) => (isLogin(key) ? login.windowMs : api.windowMs),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new ServerError(429, ERROR_MESSAGES.rateLimited),
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ServerError) {
      if (error.details.retryAfter !== undefined)
        reply.header('retry-after', String(error.details.retryAfter))
      return reply.code(error.code).send(error.toReply())
    }
    const input = inputErrorOf(error)
    if (input) return reply.code(input.code).send(input.toReply())
    // Fastify's own errors (bad JSON, body too large, unsupported media type) carry a statusCode.
    const status = (error as { statusCode?: number }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500)
      return reply.code(status).send({ code: status, message: (error as Error).message })
    context.log(`${request.method} ${request.url} failed`, error)
    return reply.code(500).send(toErrorReply(error))
  })

  return {
    context,
    authed:
      <G extends RouteGenericInterface>(handler: AuthedHandler<G>) =>
      async (request: FastifyRequest<G>, reply: FastifyReply) =>
        handler(request, await requireUser(context, request as FastifyRequest), reply),
  }
}
