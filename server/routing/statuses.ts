import { AVAILABLE_STATUS } from '../../src/protocol'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { consoleSettings } from '../store/accounts'
import { logStatus } from '../store/status-log'

/** Refuses (400) a status id that is not in the account's `settings.statuses`. */
export async function checkStatusId(db: Queryable, accountId: string, status: string): Promise<void> {
  const settings = await consoleSettings(db, accountId)
  if (!settings.statuses.some((option) => option.id === status))
    throw new ServerError(400, `Unknown status ${status}`)
}

/** Stores a status; becoming available starts the "waiting longest" clock. */
export async function setStatus(db: Queryable, userId: string, status: string, now: number): Promise<void> {
  await db.query(
    `UPDATE agent_states SET status = $2, updated_at = $3,
       available_since = CASE WHEN $2 = '${AVAILABLE_STATUS}' AND status <> '${AVAILABLE_STATUS}' THEN $3 ELSE available_since END
     WHERE user_id = $1`,
    [userId, status, new Date(now)],
  )
  await logStatus(db, userId, status, now)
}
