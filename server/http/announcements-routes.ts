import type { FastifyInstance } from 'fastify'
import {
  AGENT_USER_LEVEL,
  AnnouncementCreateSchema,
  AnnouncementsReadSchema,
  ERROR_MESSAGES,
  type Announcement,
  type AnnouncementPage,
  type AnnouncementsUnread,
  type ParsedQuery,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import {
  announcementsFor,
  insertAnnouncement,
  markAnnouncementsRead,
  unreadAnnouncements,
} from '../store/announcements'
import {
  insertNotification,
  markAnnouncementNotificationsRead,
  notificationsOf,
} from '../store/notifications'
import { fullName } from '../store/users'
import { rooms } from '../realtime/io-types'
import { listQueryToSql, toPage } from './list-query-sql'
import type { ApiTools } from './api-plugin'

/**
 * Account announcements: agents list them and mark them read; a supervisor (or an administrator) of
 * the account posts one, and every agent of it gets a notification and `announcement:new` at once.
 */
export function announcementsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/announcements',
    authed(async (request, { user }): Promise<AnnouncementPage> => {
      const sql = listQueryToSql(
        (request.query ?? {}) as ParsedQuery,
        {},
        {
          firstParam: 1,
          defaultLimit: 10,
          defaultSort: 'created_at DESC',
        },
      )
      const { items, total, unread } = await announcementsFor(context.db, user, sql)
      return { ...toPage(items, total, sql), unread }
    }),
  )

  app.post(
    '/announcements',
    authed(async (request, { user }, reply): Promise<Announcement> => {
      if (user.level >= AGENT_USER_LEVEL) throw new ServerError(403, ERROR_MESSAGES.supervisorsOnly)
      const body = parseInput(AnnouncementCreateSchema, request.body)
      const now = context.clock.now()
      const { announcement, agents } = await context.db.transaction(async (tx) => {
        const created = await insertAnnouncement(
          tx,
          { accountId: user.account_id, authorId: user.id, authorName: fullName(user), ...body },
          now,
        )
        const recipients = await tx.query<{ id: string }>(
          'SELECT id FROM users WHERE account_id = $1 AND level = $2 AND NOT locked',
          [user.account_id, AGENT_USER_LEVEL],
        )
        for (const agent of recipients)
          await insertNotification(
            tx,
            agent.id,
            {
              kind: 'announcement',
              title: created.title,
              body: created.body,
              data: { announcementId: created.id },
            },
            now,
          )
        return { announcement: created, agents: recipients.map((agent) => agent.id) }
      })
      for (const agentId of agents) {
        const target = { id: agentId, account_id: user.account_id }
        const { unread } = await unreadAnnouncements(context.db, target)
        context.io.to(rooms.user(agentId)).emit('announcement:new', { announcement, unread })
        context.io
          .to(rooms.user(agentId))
          .emit('notifications:update', await notificationsOf(context.db, agentId))
      }
      reply.code(201)
      return announcement
    }),
  )

  app.post(
    '/announcements/read',
    authed(async (request, { user }): Promise<AnnouncementsUnread> => {
      const body = parseInput(AnnouncementsReadSchema, request.body ?? {})
      const now = context.clock.now()
      const marked = await markAnnouncementsRead(context.db, user, body.ids, now)
      await markAnnouncementNotificationsRead(context.db, user.id, marked, now)
      const { unread } = await unreadAnnouncements(context.db, user)
      context.io.to(rooms.user(user.id)).emit('announcements:update', { unread })
      if (marked.length > 0)
        context.io
          .to(rooms.user(user.id))
          .emit('notifications:update', await notificationsOf(context.db, user.id))
      return { unread }
    }),
  )
}
