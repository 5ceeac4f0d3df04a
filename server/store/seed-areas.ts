import type { Queryable } from './database'
import { newId, stableId } from './ids'
import { SEED, SEED_USERS, seedUserId } from './seed-content'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** The demo's announcements, by the supervisor; the first is read by everyone. */
export const SEED_ANNOUNCEMENTS = [
  {
    key: 'welcome',
    title: 'Welcome to the console',
    body: 'Set your status to Available to take calls.',
    read: true,
    ago: 72 * HOUR,
  },
  {
    key: 'ringtones',
    title: 'New ringtones',
    body: 'Pick your ringtone in Profile → Settings.',
    read: false,
    ago: 2 * HOUR,
  },
] as const

/** The id of a seed announcement. */
export function seedAnnouncementId(key: string): string {
  return stableId(`announcement:${key}`)
}

/** Announcements of the demo account (the notifications that told the agents of them link to them). */
export async function seedAnnouncements(tx: Queryable, now: number): Promise<void> {
  const agents = SEED_USERS.filter((user) => user.account === SEED.account && user.level === 5)
  for (const item of SEED_ANNOUNCEMENTS) {
    const id = seedAnnouncementId(item.key)
    await tx.query(
      `INSERT INTO announcements (id, account_id, author_id, author_name, title, body, created_at)
       VALUES ($1, $2, $3, 'Sofia Silva', $4, $5, $6)`,
      [id, SEED.account, seedUserId('supervisor'), item.title, item.body, new Date(now - item.ago)],
    )
    if (item.read)
      for (const agent of agents)
        await tx.query(
          'INSERT INTO announcement_reads (announcement_id, user_id, read_at) VALUES ($1, $2, $3)',
          [id, seedUserId(agent.key), new Date(now - item.ago + HOUR)],
        )
  }
}

/** Past calls of the demo history: hours before the seed, minutes talked, outcome, tag. */
const PAST_CALLS = [
  {
    customer: 'Marta Molina',
    segment: 'sales',
    hoursAgo: 1,
    minutes: 6,
    outcome: 'answered',
    tag: 'sale',
  },
  {
    customer: 'Pedro Pinto',
    segment: 'support',
    hoursAgo: 2,
    minutes: 11,
    outcome: 'transferred',
    tag: 'bug',
  },
  {
    customer: 'Lucia Lopez',
    segment: 'sales',
    hoursAgo: 3,
    minutes: 0,
    outcome: 'missed',
    tag: null,
  },
  {
    customer: 'Tomas Toro',
    segment: 'support',
    hoursAgo: 26,
    minutes: 4,
    outcome: 'answered',
    tag: 'info',
  },
  {
    customer: 'Irene Ibarra',
    segment: 'sales',
    hoursAgo: 50,
    minutes: 0,
    outcome: 'dismissed',
    tag: null,
  },
] as const

/**
 * A few past calls of Ana's, so that her history and metrics have something to show on a fresh demo
 * (with chat, tags and comments; one transferred to Bruno).
 */
export async function seedHistory(tx: Queryable, now: number): Promise<void> {
  const ana = seedUserId('ana')
  const bruno = seedUserId('bruno')
  for (const item of PAST_CALLS) {
    const id = newId()
    const segment = SEED.segments[item.segment]
    const queuedAt = now - item.hoursAgo * HOUR - 15 * MINUTE
    const answered = item.minutes > 0
    const answeredAt = answered ? queuedAt + MINUTE : null
    const endedAt = queuedAt + MINUTE + item.minutes * MINUTE + (answered ? 0 : MINUTE)
    await tx.query(
      `INSERT INTO calls (id, account_id, segment_id, status, customer_session_id, customer_name, customer_connected,
         extra_data, form, selected_tags, comments, queued_at, queue_deadline, answered_at, ended_at, end_reason, agent_id)
       VALUES ($1, $2, $3, 'ended', $4, $5, false, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14)`,
      [
        id,
        SEED.account,
        segment,
        `seed-${id}`,
        item.customer,
        JSON.stringify({
          ip: '203.0.113.24',
          referrer: 'https://demo.test/web',
          countryName: 'Chile',
          countryCode: 'CL',
          regionName: 'Santiago Metropolitan',
          cityName: 'Santiago',
          carrierName: null,
          browserName: 'Firefox',
          browserVersion: '128',
          osName: 'Windows',
          osVersion: '11',
          deviceType: 'desktop',
          langNative: 'es-CL',
        }),
        JSON.stringify([{ label: 'Order number', value: `A-${1000 + item.hoursAgo}` }]),
        item.tag ? [stableId(`tag:${item.tag}`)] : [],
        answered ? 'Customer asked about delivery times.' : '',
        new Date(queuedAt),
        answeredAt ? new Date(answeredAt) : null,
        new Date(endedAt),
        answered ? 'agent-hangup' : 'abandoned',
        answered ? (item.outcome === 'transferred' ? bruno : ana) : null,
      ],
    )
    const talkMs = item.outcome === 'transferred' ? 3 * MINUTE : item.minutes * MINUTE
    await tx.query(
      `INSERT INTO call_legs (room_id, agent_id, account_id, room_kind, via, segment_id, outcome, offered_at,
         answered_at, ended_at, talk_ms, transfer_to)
       VALUES ($1, $2, $3, 'call', 'inbound', $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        ana,
        SEED.account,
        segment,
        item.outcome,
        new Date(queuedAt + 20_000),
        answeredAt ? new Date(answeredAt) : null,
        new Date(answeredAt ? answeredAt + talkMs : queuedAt + MINUTE),
        talkMs,
        item.outcome === 'transferred'
          ? JSON.stringify({ kind: 'agent', id: bruno, name: 'Bruno Bravo' })
          : null,
      ],
    )
    if (item.outcome === 'transferred')
      await tx.query(
        `INSERT INTO call_legs (room_id, agent_id, account_id, room_kind, via, from_agent_id, segment_id, outcome,
           offered_at, answered_at, ended_at, talk_ms)
         VALUES ($1, $2, $3, 'call', 'transferred', $4, $5, 'answered', $6, $7, $8, $9)`,
        [
          id,
          bruno,
          SEED.account,
          ana,
          segment,
          new Date((answeredAt as number) + talkMs - 30_000),
          new Date((answeredAt as number) + talkMs),
          new Date(endedAt),
          (item.minutes - 3) * MINUTE,
        ],
      )
    if (answered)
      for (const [index, line] of [
        ['customer', item.customer, 'Hello, I have a question about my order.'],
        ['agent', 'Ana Alvarez', 'Hi! Sure, let me look it up for you.'],
      ].entries())
        await tx.query(
          'INSERT INTO messages (id, room_id, from_role, peer_id, name, text, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [
            newId(),
            id,
            line[0],
            line[0] === 'agent' ? `agent:${ana}` : `customer:${id}`,
            line[1],
            line[2],
            new Date((answeredAt as number) + (index + 1) * 20_000),
          ],
        )
  }
  // Ana's statuses around those calls: available, a break in between, then offline.
  for (const hoursAgo of [52, 28, 4]) {
    const start = now - hoursAgo * HOUR
    for (const [offset, status] of [
      [0, 'available'],
      [90 * MINUTE, 'break'],
      [110 * MINUTE, 'available'],
      [3 * HOUR + 30 * MINUTE, 'disconnected'],
    ] as const)
      await tx.query('INSERT INTO status_changes (user_id, status, at) VALUES ($1, $2, $3)', [
        ana,
        status,
        new Date(start + offset),
      ])
  }
}
