import type { FastifyInstance } from 'fastify'
import { FALLBACK_TIME_ZONE } from '../../src/constants'
import { MetricsQuerySchema, type Metrics } from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { isKnownTimeZone, parseDate } from '../../src/lib/zoned-time'
import { agentMetrics } from '../metrics/agent-metrics'
import type { ApiTools } from './api-plugin'

/** `GET /metrics?period=day|week&date=&timeZone=`: the caller's own figures, never another agent's. */
export function metricsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/metrics',
    authed(async (request, { user }): Promise<Metrics> => {
      const query = parseInput(MetricsQuerySchema, request.query ?? {})
      const timeZone = query.timeZone ?? user.timezone ?? FALLBACK_TIME_ZONE
      if (!isKnownTimeZone(timeZone)) throw new ServerError(400, `Unknown time zone ${timeZone}`)
      if (query.date && !parseDate(query.date)) throw new ServerError(400, `Unknown date ${query.date}`)
      return agentMetrics(context.db, user.id, {
        period: query.period,
        now: context.clock.now(),
        timeZone,
        ...(query.date ? { date: query.date } : {}),
      })
    }),
  )
}
