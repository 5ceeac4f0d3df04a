import type { PersonalLink } from '../../src/protocol'
import { queryOne, type Queryable } from './database'
import { randomToken } from './ids'

interface LinkRow {
  user_id: string
  code: string
  segment_id: string
  segment_name: string
  created_at: Date
}

/** The customer page URL of a link code. */
export function personalLinkUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/customer.html?link=${encodeURIComponent(code)}`
}

function toLink(row: LinkRow, baseUrl: string): PersonalLink {
  return {
    url: personalLinkUrl(baseUrl, row.code),
    code: row.code,
    segment: { id: row.segment_id, name: row.segment_name },
    createdAt: row.created_at.toISOString(),
  }
}

const SELECT = `SELECT l.*, g.name AS segment_name FROM personal_links l JOIN segments g ON g.id = l.segment_id`

/** The agent's current link, if they made one. */
export async function personalLinkOf(
  db: Queryable,
  userId: string,
  baseUrl: string,
): Promise<PersonalLink | null> {
  const row = await queryOne<LinkRow>(db, `${SELECT} WHERE l.user_id = $1`, [userId])
  return row ? toLink(row, baseUrl) : null
}

/** Makes the agent a new link for a segment; the old code stops working. */
export async function replacePersonalLink(
  db: Queryable,
  userId: string,
  segmentId: string,
  now: number,
  baseUrl: string,
): Promise<PersonalLink> {
  await db.query(
    `INSERT INTO personal_links (user_id, code, segment_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET code = $2, segment_id = $3, created_at = $4`,
    [userId, randomToken(18), segmentId, new Date(now)],
  )
  return (await personalLinkOf(db, userId, baseUrl)) as PersonalLink
}

/** Whom a link calls: the agent (and their name) and the link's segment; undefined for an unknown code. */
export function personalLinkByCode(
  db: Queryable,
  code: string,
): Promise<(LinkRow & { agent_name: string; account_id: string }) | undefined> {
  return queryOne(
    db,
    `SELECT l.*, g.name AS segment_name, u.firstname || ' ' || u.lastname AS agent_name, u.account_id
       FROM personal_links l JOIN segments g ON g.id = l.segment_id JOIN users u ON u.id = l.user_id
      WHERE l.code = $1 AND NOT u.locked`,
    [code],
  )
}
