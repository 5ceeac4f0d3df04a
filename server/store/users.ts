import type { Account, User, UserSettings } from '../../src/protocol'
import { queryOne, type Queryable } from './database'

/** A user row with its account, as auth and the HTTP routes need it. */
export interface UserRow {
  id: string
  account_id: string
  email: string
  firstname: string
  lastname: string
  level: number
  password_hash: string
  locked: boolean
  sso: boolean
  timezone: string
  totp_secret: string | null
  totp_pending_secret: string | null
  totp_last_step: number | null
  backup_codes: string[]
  totp_failures: number
  totp_retry_at: Date | null
  images_access: boolean
  failed_attempts: number
  failed_window_start: Date | null
  blocked_until: Date | null
  settings: UserSettings
  recordings_access: boolean
  account_name: string
  subscription_expires_at: Date | null
  ip_allow_list: string[] | null
  dashboard_url: string
}

const SELECT_USER = `SELECT u.*, a.name AS account_name, a.subscription_expires_at, a.ip_allow_list, a.dashboard_url
  FROM users u JOIN accounts a ON a.id = u.account_id`

/** A user by email (case-insensitive). */
export function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return queryOne<UserRow>(db, `${SELECT_USER} WHERE u.email = $1`, [email.trim().toLowerCase()])
}

/** A user by id. */
export function userById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return queryOne<UserRow>(db, `${SELECT_USER} WHERE u.id = $1`, [id])
}

/** The protocol's `User`. */
export function toUser(row: UserRow): User {
  const account: Account = { _id: row.account_id, name: row.account_name }
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    level: row.level,
    account,
    timezone: row.timezone,
    twoFactorEnabled: row.totp_secret !== null,
  }
}

/** "Firstname Lastname". */
export function fullName(row: { firstname: string; lastname: string }): string {
  return `${row.firstname} ${row.lastname}`.trim()
}
