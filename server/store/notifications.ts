import type { Notification, NotificationsUpdate } from '../../src/protocol'
import type { Queryable } from './database'
import { newId } from './ids'

interface NotificationRow {
  id: string
  kind: Notification['kind']
  title: string
  body: string
  data: Record<string, unknown> | null
  read_at: Date | null
  created_at: Date
  total: number
  unread: number
}

/** The latest 50 notifications of a user with the total and unread counts. */
export async function notificationsOf(db: Queryable, userId: string): Promise<NotificationsUpdate> {
  const rows = await db.query<NotificationRow>(
    `SELECT n.*, c.total, c.unread FROM
       (SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
          FROM notifications WHERE user_id = $1) c
       LEFT JOIN LATERAL (SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC LIMIT 50) n ON true`,
    [userId],
  )
  const counts = rows[0] ?? { total: 0, unread: 0 }
  return {
    notifications: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        data: row.data,
        createdAt: row.created_at.toISOString(),
        readAt: row.read_at ? row.read_at.toISOString() : null,
      })),
    total: counts.total,
    unread: counts.unread,
  }
}

/** Marks some (or all) notifications of a user read. */
export async function markNotificationsRead(
  db: Queryable,
  userId: string,
  ids: readonly string[] | undefined,
  now: number,
): Promise<void> {
  if (ids === undefined)
    await db.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [
      userId,
      new Date(now),
    ])
  else
    await db.query(
      'UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND id = ANY($2) AND read_at IS NULL',
      [userId, ids, new Date(now)],
    )
}

/** Stores a notification for a user. */
export async function insertNotification(
  db: Queryable,
  userId: string,
  item: { kind: Notification['kind']; title: string; body: string; data?: Record<string, unknown> },
  now: number,
): Promise<void> {
  await db.query(
    'INSERT INTO notifications (id, user_id, kind, title, body, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      newId(),
      userId,
      item.kind,
      item.title,
      item.body,
      item.data ? JSON.stringify(item.data) : null,
      new Date(now),
    ],
  )
}

/** A page of a user's notifications, newest first, with the total. */
export async function notificationsPage(
  db: Queryable,
  userId: string,
  page: { limit: number; skip: number },
): Promise<{ items: Notification[]; total: number }> {
  const [rows, counts] = await Promise.all([
    db.query<Omit<NotificationRow, 'total' | 'unread'>>(
      'SELECT * FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3',
      [userId, page.limit, page.skip],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM notifications WHERE user_id = $1', [
      userId,
    ]),
  ])
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      data: row.data,
      createdAt: row.created_at.toISOString(),
      readAt: row.read_at ? row.read_at.toISOString() : null,
    })),
    total: counts[0]?.total ?? 0,
  }
}

/** Marks read the notifications that told a user of these announcements. */
export async function markAnnouncementNotificationsRead(
  db: Queryable,
  userId: string,
  announcementIds: readonly string[],
  now: number,
): Promise<void> {
  if (announcementIds.length === 0) return
  await db.query(
    `UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND read_at IS NULL AND kind = 'announcement'
       AND data->>'announcementId' = ANY($2)`,
    [userId, announcementIds, new Date(now)],
  )
}
