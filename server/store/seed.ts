import { seedAnnouncementId, seedAnnouncements, seedHistory } from './seed-areas'
import { hashPassword, type ScryptCost } from '../auth/passwords'
import { hashBackupCode } from '../auth/totp'
import type { Database, Queryable } from './database'
import { newId, randomToken, stableId } from './ids'
import {
  CONSULTATION_FORM,
  DEMO_BACKUP_CODES,
  DEMO_DASHBOARD_URL,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  OPENING_FORM,
  SEED,
  SEED_REFERRERS,
  SEED_TAGS,
  SEED_USERS,
  SUPPORT_AGENT_FORM,
  seedConsoleSettings,
  seedUserId,
  seedWidgetForms,
} from './seed-content'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/**
 * Fills an empty database with the demo: accounts (one live, one expired, one IP-restricted), users of
 * every kind, segments, tags, services with forms, referrers, appointments today and tomorrow in every
 * state, notifications. Does nothing when an account exists already.
 *
 * `passwordCost` lowers the scrypt cost of the demo passwords (tests log in hundreds of times).
 *
 * @returns whether it seeded.
 */
export async function seed(
  db: Database,
  now: number,
  options: { passwordCost?: ScryptCost } = {},
): Promise<boolean> {
  return db.transaction((tx) => seedWithin(tx, now, options))
}

/**
 * `seed` inside a transaction the caller holds (the start-up lock of `prepareDatabase`, so that two
 * processes starting together on an empty database do not both seed it).
 */
export async function seedWithin(
  tx: Queryable,
  now: number,
  options: { passwordCost?: ScryptCost } = {},
): Promise<boolean> {
  const existing = await tx.query('SELECT 1 FROM accounts LIMIT 1')
  if (existing.length > 0) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.passwordCost)
  await seedAccounts(tx, now)
  await seedSegments(tx)
  await seedUsers(tx, passwordHash)
  await seedServices(tx)
  await seedAppointments(tx, now)
  await seedAnnouncements(tx, now)
  await seedNotifications(tx, now)
  await seedHistory(tx, now)
  return true
}

async function seedAccounts(tx: Queryable, now: number): Promise<void> {
  const settings = JSON.stringify(seedConsoleSettings())
  const forms = JSON.stringify(seedWidgetForms())
  const insert = `INSERT INTO accounts (id, name, subscription_expires_at, ip_allow_list, dashboard_url, settings, widget_forms)
    VALUES ($1, $2, $3, $4, $5, $6, $7)`
  await tx.query(insert, [SEED.account, 'Demo Co', null, null, DEMO_DASHBOARD_URL, settings, forms])
  await tx.query(insert, [
    SEED.expiredAccount,
    'Expired Co',
    new Date(now - 30 * DAY),
    null,
    DEMO_DASHBOARD_URL,
    settings,
    forms,
  ])
  // TEST-NET-3: no real client, and never loopback, so this account's users always get 403.
  await tx.query(insert, [
    SEED.restrictedAccount,
    'Restricted Co',
    null,
    ['203.0.113.0/24'],
    DEMO_DASHBOARD_URL,
    settings,
    forms,
  ])
}

async function seedSegments(tx: Queryable): Promise<void> {
  const { sales, support, billing } = SEED.segments
  const insert = `INSERT INTO segments (id, account_id, name, mandatory_tags, agent_form, apps_enabled)
    VALUES ($1, $2, $3, $4, $5, $6)`
  // Sales customers run the onboarding kit (the customer page acts as it): try custom apps there.
  await tx.query(insert, [sales, SEED.account, 'Sales', false, null, true])
  await tx.query(insert, [support, SEED.account, 'Support', true, JSON.stringify(SUPPORT_AGENT_FORM), false])
  await tx.query(insert, [billing, SEED.account, 'Billing', false, null, false])
  for (const tag of SEED_TAGS)
    await tx.query('INSERT INTO tags (id, account_id, segment_id, name, label) VALUES ($1, $2, $3, $4, $5)', [
      stableId(`tag:${tag.key}`),
      SEED.account,
      tag.segment,
      tag.name,
      tag.label,
    ])
}

async function seedUsers(tx: Queryable, passwordHash: string): Promise<void> {
  for (const user of SEED_USERS) {
    const id = seedUserId(user.key)
    await insertUser(tx, {
      id,
      accountId: user.account,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      level: user.level,
      passwordHash,
      locked: user.locked ?? false,
      sso: user.sso ?? false,
      timezone: user.timezone ?? 'America/Santiago',
      totpSecret: user.totp ? DEMO_TOTP_SECRET : null,
      backupCodes: user.totp ? DEMO_BACKUP_CODES.map(hashBackupCode) : [],
      imagesAccess: user.imagesAccess ?? true,
    })
    for (const segment of user.segments)
      await tx.query('INSERT INTO agent_segments (user_id, segment_id) VALUES ($1, $2)', [id, segment])
  }
}

/** A user row (and its agent state row). Tests use it to add agents of their own. */
export interface NewUser {
  id: string
  accountId: string
  email: string
  firstname: string
  lastname: string
  level: number
  passwordHash: string
  locked?: boolean
  sso?: boolean
  timezone?: string
  totpSecret?: string | null
  backupCodes?: string[]
  /** May upload background images (default true). */
  imagesAccess?: boolean
}

/** Inserts a user with default settings, and its agent state. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<void> {
  await tx.query(
    `INSERT INTO users (id, account_id, email, firstname, lastname, level, password_hash, locked, sso, timezone,
       totp_secret, backup_codes, settings, images_access)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      user.id,
      user.accountId,
      user.email.toLowerCase(),
      user.firstname,
      user.lastname,
      user.level,
      user.passwordHash,
      user.locked ?? false,
      user.sso ?? false,
      user.timezone ?? 'America/Santiago',
      user.totpSecret ?? null,
      user.backupCodes ?? [],
      JSON.stringify({ ringtone: 'classic', virtualBackground: { enabled: false, background: '' } }),
      user.imagesAccess ?? true,
    ],
  )
  await tx.query('INSERT INTO agent_states (user_id) VALUES ($1)', [user.id])
}

async function seedServices(tx: Queryable): Promise<void> {
  const { consultation, opening } = SEED.services
  const insert =
    'INSERT INTO services (id, account_id, title, duration_min, form) VALUES ($1, $2, $3, $4, $5)'
  await tx.query(insert, [
    consultation,
    SEED.account,
    'Video consultation',
    30,
    JSON.stringify(CONSULTATION_FORM),
  ])
  await tx.query(insert, [opening, SEED.account, 'Account opening', 45, JSON.stringify(OPENING_FORM)])
  for (const user of SEED_USERS.filter((u) => u.level >= 4 && u.account === SEED.account))
    for (const service of [consultation, opening])
      await tx.query('INSERT INTO user_services (user_id, service_id) VALUES ($1, $2)', [
        seedUserId(user.key),
        service,
      ])
  for (const url of SEED_REFERRERS)
    await tx.query('INSERT INTO referrers (id, account_id, url) VALUES ($1, $2, $3)', [
      newId(),
      SEED.account,
      url,
    ])
}

interface SeedAppointment {
  user: string
  startOffset: number
  minutes: number
  type?: 'regular' | 'blocked' | 'external'
  status?: 'pending' | 'attended' | 'canceled' | 'rescheduled'
  name: string
  rescheduledTo?: string
  id?: string
}

async function seedAppointments(tx: Queryable, now: number): Promise<void> {
  // Round to the quarter hour so the demo calendar looks tidy.
  const base = Math.floor(now / (15 * MINUTE)) * 15 * MINUTE
  const movedId = stableId('appointment:moved')
  const list: SeedAppointment[] = [
    { user: 'ana', startOffset: -3 * 60 * MINUTE, minutes: 30, status: 'attended', name: 'Marta Gomez' },
    { user: 'ana', startOffset: -60 * MINUTE, minutes: 30, status: 'canceled', name: 'Pedro Rojas' },
    {
      user: 'ana',
      startOffset: -45 * MINUTE,
      minutes: 30,
      status: 'rescheduled',
      name: 'Julia Vera',
      rescheduledTo: movedId,
    },
    { user: 'ana', startOffset: 15 * MINUTE, minutes: 30, name: 'Tomas Muñoz' },
    { user: 'ana', startOffset: 90 * MINUTE, minutes: 60, type: 'blocked', name: 'Lunch' },
    {
      user: 'ana',
      startOffset: 3 * 60 * MINUTE,
      minutes: 45,
      type: 'external',
      name: 'Team sync (external calendar)',
    },
    { user: 'ana', startOffset: DAY + 60 * MINUTE, minutes: 30, name: 'Julia Vera', id: movedId },
    { user: 'ana', startOffset: DAY + 3 * 60 * MINUTE, minutes: 45, name: 'Rocio Pinto' },
    { user: 'bruno', startOffset: 30 * MINUTE, minutes: 30, name: 'Camila Soto' },
    { user: 'bruno', startOffset: DAY + 2 * 60 * MINUTE, minutes: 30, name: 'Ignacio Fuentes' },
  ]
  for (const item of list) {
    const start = base + item.startOffset
    const type = item.type ?? 'regular'
    const regular = type === 'regular'
    const service = regular ? SEED.services.consultation : null
    const status = item.status ?? 'pending'
    const canceled = status === 'canceled'
    await tx.query(
      `INSERT INTO appointments (id, account_id, user_id, service_id, type, status, start_at, end_at, title, timezone,
         referrer, form, extra_data, comment, cancel_reason, canceled_at, canceled_by, rescheduled_appointment_id,
         join_code, modify_code, notified_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [
        item.id ?? newId(),
        SEED.account,
        seedUserId(item.user),
        service,
        type,
        status,
        new Date(start),
        new Date(start + item.minutes * MINUTE),
        regular ? `Video consultation – ${item.name}` : item.name,
        'America/Santiago',
        regular ? SEED_REFERRERS[0] : null,
        JSON.stringify(
          regular
            ? [
                { label: 'Full name', value: item.name },
                { label: 'Email', value: `${item.name.split(' ')[0]?.toLowerCase()}@example.com` },
                {
                  label: 'Reason',
                  value: 'advice',
                  options: [
                    { label: 'Product advice', value: 'advice' },
                    { label: 'Claim', value: 'claim' },
                    { label: 'Other', value: 'other' },
                  ],
                },
              ]
            : [],
        ),
        null,
        null,
        canceled ? 'The customer asked to cancel by phone' : null,
        canceled ? new Date(now - 2 * DAY) : null,
        canceled ? 'customer' : null,
        item.rescheduledTo ?? null,
        regular ? randomToken(12) : null,
        regular ? randomToken(12) : null,
        new Date(now),
        new Date(now - 3 * DAY),
      ],
    )
  }
}

async function seedNotifications(tx: Queryable, now: number): Promise<void> {
  const items = [
    {
      kind: 'announcement',
      title: 'Welcome to the console',
      body: 'Set your status to Available to take calls.',
      read: true,
      announcement: 'welcome',
    },
    {
      kind: 'announcement',
      title: 'New ringtones',
      body: 'Pick your ringtone in Profile → Settings.',
      read: false,
      announcement: 'ringtones',
    },
    { kind: 'system', title: 'Maintenance window', body: 'Sunday 02:00–03:00 UTC.', read: false },
  ]
  for (const user of SEED_USERS.filter((u) => u.level >= 4))
    for (const [index, item] of items.entries())
      await tx.query(
        'INSERT INTO notifications (id, user_id, kind, title, body, data, read_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          newId(),
          seedUserId(user.key),
          item.kind,
          item.title,
          item.body,
          'announcement' in item
            ? JSON.stringify({ announcementId: seedAnnouncementId(item.announcement) })
            : null,
          item.read ? new Date(now - DAY) : null,
          new Date(now - (items.length - index) * 60 * MINUTE),
        ],
      )
}
