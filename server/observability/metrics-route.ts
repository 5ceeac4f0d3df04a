import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Registry } from 'prom-client'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /metrics` in the Prometheus text format, for a scraper that sends `Authorization: Bearer
 * <token>`. Without a configured token it answers 404: metrics are off unless an operator turns
 * them on, since they describe the queues and the agents.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  registry: Registry,
  token: string | undefined,
): void {
  const expected = token ? digest(token) : null
  app.get('/metrics', async (request, reply) => {
    // Registered anyway: the pages' catch-all would otherwise answer this path with the console.
    if (!expected) return reply.code(404).send({ code: 404, message: 'Not found' })
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    // Compared as digests, in constant time: the token's length and prefix leak nothing.
    if (!given || !timingSafeEqual(digest(given), expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 401, message: 'A bearer token is required' })
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics())
  })
}
