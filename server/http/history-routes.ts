import type { FastifyInstance } from 'fastify'
import type { CallHistoryDetail, CallHistoryItem, Paged, ParsedQuery } from '../../src/protocol'
import { ServerError } from '../errors'
import { HISTORY_DEFAULT_SORT, historyDetail, historyPage } from '../store/history'
import { listQueryToSql, toPage, type ListField } from './list-query-sql'
import type { ApiTools } from './api-plugin'

/** The list query's fields (`HISTORY_FIELDS` of the protocol) as SQL over the history rows `h`. */
const HISTORY_LIST_FIELDS: Record<string, ListField> = {
  startedAt: { sql: 'h.started_at', type: 'instant' },
  outcome: { sql: 'h.outcome', type: 'text' },
  segment: { sql: 'h.segment_id', type: 'text' },
  customerName: { sql: 'h.customer_name', type: 'text' },
  kind: { sql: 'h.kind', type: 'text' },
  via: { sql: 'h.via', type: 'text' },
  durationMs: { sql: 'h.duration_ms', type: 'number' },
}

/** The agent's own history: `GET /calls` (list query) and `GET /calls/{id}`. Nobody sees another's. */
export function historyRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/calls',
    authed(async (request, { user }): Promise<Paged<CallHistoryItem>> => {
      const sql = listQueryToSql((request.query ?? {}) as ParsedQuery, HISTORY_LIST_FIELDS, {
        firstParam: 3,
        defaultLimit: 10,
        defaultSort: HISTORY_DEFAULT_SORT,
      })
      const { items, total } = await historyPage(context.db, user.id, context.clock.now(), sql)
      return toPage(items, total, sql)
    }),
  )

  app.get(
    '/calls/:id',
    authed<{ Params: { id: string } }>(async (request, { user }): Promise<CallHistoryDetail> => {
      const detail = /^[0-9a-f]{24}$/.test(request.params.id)
        ? await historyDetail(context.db, user.id, request.params.id, context.clock.now())
        : undefined
      if (!detail) throw new ServerError(404, 'Call not found')
      return detail
    }),
  )
}
