import { newId, randomToken } from '../../../server/store/ids'
import { SEED } from '../../../server/store/seed-content'
import type { Queryable } from '../../../server/store/database'

/**
 * Inserts an appointment for a user, `startInMinutes` from the server's now, lasting `minutes`;
 * returns id, join code and modify code.
 */
export async function insertAppointment(
  { db, clock }: { db: Queryable; clock: { now(): number } },
  userId: string,
  options: { startInMinutes: number; minutes?: number; type?: string; status?: string; notified?: boolean },
): Promise<{ id: string; code: string; modifyCode: string }> {
  const id = newId()
  const code = randomToken(12)
  const modifyCode = randomToken(12)
  const start = clock.now() + options.startInMinutes * 60_000
  await db.query(
    `INSERT INTO appointments (id, account_id, user_id, service_id, type, status, start_at, end_at, title, timezone,
       form, join_code, modify_code, notified_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Test meeting', 'America/Santiago', '[]', $9, $10, $11, now())`,
    [
      id,
      SEED.account,
      userId,
      SEED.services.consultation,
      options.type ?? 'regular',
      options.status ?? 'pending',
      new Date(start),
      new Date(start + (options.minutes ?? 30) * 60_000),
      code,
      modifyCode,
      options.notified === false ? null : new Date(),
    ],
  )
  return { id, code, modifyCode }
}
