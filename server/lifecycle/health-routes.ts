import type { FastifyInstance } from 'fastify'
import { readiness, type ReadinessSources } from './readiness'

/** How long the server took to answer, for whoever probes (`Server-Timing`). */
const timing = (ms: number) => `total;dur=${ms.toFixed(1)}`

/**
 * `GET /healthz` (liveness: the process answers; restart it when this fails) and `GET /readyz`
 * (readiness: send it traffic only while this answers 200). Outside `/api`: no rate limit, no token,
 * and not logged (load balancers ask every few seconds). Both tell their own time in `server-timing`.
 * See docs/operations.md.
 */
export function registerHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/healthz', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('server-timing', timing(reply.elapsedTime))
      .send({ status: 'ok' }),
  )
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await readiness(sources)
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .header('server-timing', timing(reply.elapsedTime))
      .send({ status: ready ? 'ready' : 'not ready', checks })
  })
}
