import type { FastifyInstance } from 'fastify'
import type { Notification, Paged, ParsedQuery } from '../../src/protocol'
import { notificationsPage } from '../store/notifications'
import { listQueryToSql, toPage } from './list-query-sql'
import type { ApiTools } from './api-plugin'

/** `GET /notifications{query}`: the caller's own notifications, newest first, paged. */
export function notificationsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/notifications',
    authed(async (request, { user }): Promise<Paged<Notification>> => {
      // Paging only: the list has no filters or sort of its own.
      const sql = listQueryToSql(
        (request.query ?? {}) as ParsedQuery,
        {},
        {
          firstParam: 1,
          defaultLimit: 10,
          defaultSort: 'created_at DESC',
        },
      )
      const { items, total } = await notificationsPage(context.db, user.id, sql)
      return toPage(items, total, sql)
    }),
  )
}
