import type { Announcement } from '../../src/protocol'
import type { Queryable } from './database'
import { newId } from './ids'

interface AnnouncementRow {
  id: string
  author_name: string
  title: string
  body: string
  created_at: Date
  read: boolean
}

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    author: row.author_name,
    createdAt: row.created_at.toISOString(),
    read: row.read,
  }
}

/** A page of an account's announcements for one user (newest first), with their read marks. */
export async function announcementsFor(
  db: Queryable,
  user: { id: string; account_id: string },
  page: { limit: number; skip: number },
): Promise<{ items: Announcement[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db.query<AnnouncementRow>(
      `SELECT a.id, a.author_name, a.title, a.body, a.created_at, (r.user_id IS NOT NULL) AS read
         FROM announcements a LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.user_id = $2
        WHERE a.account_id = $1 ORDER BY a.created_at DESC, a.id LIMIT $3 OFFSET $4`,
      [user.account_id, user.id, page.limit, page.skip],
    ),
    unreadAnnouncements(db, user),
  ])
  return { items: rows.map(toAnnouncement), total: counts.total, unread: counts.unread }
}

/** How many announcements the account has, and how many of them the user has not read. */
export async function unreadAnnouncements(
  db: Queryable,
  user: { id: string; account_id: string },
): Promise<{ total: number; unread: number }> {
  const rows = await db.query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE r.user_id IS NULL))::int AS unread
       FROM announcements a LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.user_id = $2
      WHERE a.account_id = $1`,
    [user.account_id, user.id],
  )
  return rows[0] ?? { total: 0, unread: 0 }
}

/** Stores an announcement of an account. */
export async function insertAnnouncement(
  db: Queryable,
  item: { accountId: string; authorId: string | null; authorName: string; title: string; body: string },
  now: number,
): Promise<Announcement> {
  const id = newId()
  await db.query(
    `INSERT INTO announcements (id, account_id, author_id, author_name, title, body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, item.accountId, item.authorId, item.authorName, item.title, item.body, new Date(now)],
  )
  return {
    id,
    title: item.title,
    body: item.body,
    author: item.authorName,
    createdAt: new Date(now).toISOString(),
    read: false,
  }
}

/**
 * Marks announcements of the user's account read (every one without `ids`); returns the ids marked
 * now, so their notifications can follow.
 */
export async function markAnnouncementsRead(
  db: Queryable,
  user: { id: string; account_id: string },
  ids: readonly string[] | undefined,
  now: number,
): Promise<string[]> {
  const rows = await db.query<{ announcement_id: string }>(
    `INSERT INTO announcement_reads (announcement_id, user_id, read_at)
       SELECT a.id, $2, $4 FROM announcements a
        WHERE a.account_id = $1 AND ($3::text[] IS NULL OR a.id = ANY($3))
     ON CONFLICT DO NOTHING RETURNING announcement_id`,
    [user.account_id, user.id, ids ?? null, new Date(now)],
  )
  return rows.map((row) => row.announcement_id)
}
