import type { FastifyInstance } from 'fastify'
import type { Counter } from 'prom-client'

/**
 * Counts every HTTP response by method, route pattern (`/api/users/:id`, never the raw URL, so ids
 * and secrets stay out of the labels and the series stay few) and status class (`2xx`...).
 */
export function countResponses(
  app: FastifyInstance,
  counter: Counter<'method' | 'route' | 'status_class'>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    counter.inc({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    })
  })
}
