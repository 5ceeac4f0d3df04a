import type { FastifyInstance } from 'fastify'
import { readiness, type ReadinessSources } from './readiness'

/**
 * `GET /healthz` (liveness: the process answers; restart it when this fails) and `GET /readyz`
 * (readiness: send it traffic only while this answers 200). Outside `/api`: no rate limit, no token,
 * and not logged (load balancers ask every few seconds). See docs/operations.md.
 */
export function registerHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  )
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(sources)
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks })
  })
}
