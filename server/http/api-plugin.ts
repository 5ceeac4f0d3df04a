import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify'
import { ERROR_MESSAGES } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError, inputErrorOf, toErrorReply } from '../errors'
import { RateLimiter } from '../auth/rate-limiter'
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
 * The `/api` scope: JSON error bodies (`ErrorReply`) for every failure, the rate limiter (429 with
 * `retry-after`), and the `authed` wrapper.
 */
export function setUpApi(app: FastifyInstance, context: ServerContext): ApiTools {
  const apiLimiter = new RateLimiter(context.rateLimits.api, context.clock.now)
  const loginLimiter = new RateLimiter(context.rateLimits.login, context.clock.now)

  app.addHook('onRequest', async (request, reply) => {
    const login = request.url.startsWith('/api/auth/login') && request.method === 'POST'
    const wait = (login ? loginLimiter : apiLimiter).hit(`${login ? 'login' : 'api'}:${request.ip}`)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new ServerError(429, ERROR_MESSAGES.rateLimited)
    }
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ServerError) return reply.code(error.code).send(error.toReply())
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
