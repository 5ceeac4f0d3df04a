import type { FastifyInstance } from 'fastify'
import {
  UserSettingsPatchSchema,
  type Agent,
  type Paged,
  type ParsedQuery,
  type Segment,
  type UserSettings,
  type WidgetFormsResponse,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { statusFlagsSql } from '../store/agent-states'
import { toUser, userById } from '../store/users'
import { decodeQueryString } from '../../src/protocol/query-string'
import { listQueryToSql, toPage, type ListField } from './list-query-sql'
import type { ApiTools } from './api-plugin'
import { liveSince } from '../routing/liveness'

const SEGMENT_FIELDS: Record<string, ListField> = {
  id: { sql: 'g.id', type: 'text' },
  name: { sql: 'g.name', type: 'text' },
  // `mine=true`: the segments the caller serves ($2 is their id), for a console that has no socket yet.
  mine: {
    sql: 'EXISTS (SELECT 1 FROM agent_segments a WHERE a.segment_id = g.id AND a.user_id = $2)',
    type: 'boolean',
  },
}

function userFields(): Record<string, ListField> {
  const flags = statusFlagsSql('$2')
  return {
    id: { sql: 'u.id', type: 'text' },
    firstname: { sql: 'u.firstname', type: 'text' },
    lastname: { sql: 'u.lastname', type: 'text' },
    email: { sql: 'u.email', type: 'text' },
    level: { sql: 'u.level', type: 'number' },
    'status.online': { sql: flags.online, type: 'boolean' },
    'status.available': { sql: flags.available, type: 'boolean' },
    'status.inCall': { sql: flags.inCall, type: 'boolean' },
    'status.id': { sql: 's.status', type: 'text' },
  }
}

/** The query string of a request, decoded with brackets (null-prototype objects). */
function parsedQuery(url: string): ParsedQuery {
  const index = url.indexOf('?')
  return decodeQueryString(index < 0 ? '' : url.slice(index + 1))
}

/** Flattens `status: { online: 'true' }` (from `status[online]=true`) into `status.online`, null prototypes kept. */
function flattenStatus(query: ParsedQuery): ParsedQuery {
  const status = Object.hasOwn(query, 'status') ? query.status : undefined
  if (status === undefined || typeof status === 'string' || Array.isArray(status)) return query
  const flat: ParsedQuery = Object.create(null)
  for (const key of Object.keys(query)) if (key !== 'status') flat[key] = query[key]!
  for (const key of Object.keys(status)) flat[`status.${key}`] = status[key]!
  return flat
}

/** Segments and users list queries (SPEC §7), a user with its account, user settings, widget forms. */
export function directoryRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/segments',
    authed(async (request, { user }): Promise<Paged<Segment>> => {
      const sql = listQueryToSql(parsedQuery(request.url), SEGMENT_FIELDS, {
        firstParam: 3,
        defaultLimit: 10,
        defaultSort: 'g.name ASC, g.id ASC',
      })
      // $2 (the caller) is always bound, read only by the `mine` filter.
      const scope = 'g.account_id = $1 AND $2::text IS NOT NULL'
      const rows = await context.db.query<{ id: string; name: string; total: number }>(
        `SELECT g.id, g.name, count(*) OVER ()::int AS total FROM segments g
          WHERE ${scope}${sql.where} ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.skip}`,
        [user.account_id, user.id, ...sql.params],
      )
      const total =
        rows[0]?.total ?? (await countWithoutPage('segments g', scope, sql, user.account_id, user.id))
      return toPage(
        rows.map((row) => ({ id: row.id, name: row.name })),
        total,
        sql,
      )
    }),
  )

  app.get(
    '/users',
    authed(async (request, { user }): Promise<Paged<Agent>> => {
      const flags = statusFlagsSql('$2')
      const sql = listQueryToSql(flattenStatus(parsedQuery(request.url)), userFields(), {
        firstParam: 3,
        defaultLimit: 10,
        defaultSort: 'u.firstname ASC, u.lastname ASC, u.id ASC',
      })
      const fresh = liveSince(context)
      const rows = await context.db.query<{
        id: string
        firstname: string
        lastname: string
        level: number
        status: string
        online: boolean
        available: boolean
        in_call: boolean
        total: number
      }>(
        `SELECT u.id, u.firstname, u.lastname, u.level, s.status, ${flags.online} AS online,
                ${flags.available} AS available, ${flags.inCall} AS in_call, count(*) OVER ()::int AS total
           FROM users u JOIN agent_states s ON s.user_id = u.id
          WHERE u.account_id = $1 AND $2::timestamptz IS NOT NULL${sql.where}
          ORDER BY ${sql.orderBy} LIMIT ${sql.limit} OFFSET ${sql.skip}`,
        [user.account_id, fresh, ...sql.params],
      )
      const total =
        rows[0]?.total ??
        (await countWithoutPage(
          'users u JOIN agent_states s ON s.user_id = u.id',
          'u.account_id = $1 AND $2::timestamptz IS NOT NULL',
          sql,
          user.account_id,
          fresh,
        ))
      return toPage(
        rows.map((row) => ({
          id: row.id,
          firstname: row.firstname,
          lastname: row.lastname,
          level: row.level,
          status: { online: row.online, available: row.available, inCall: row.in_call, id: row.status },
        })),
        total,
        sql,
      )
    }),
  )

  app.get(
    '/users/:id',
    authed<{ Params: { id: string } }>(async (request, { user }) => {
      const target = await userById(context.db, request.params.id)
      if (!target || target.account_id !== user.account_id) throw new ServerError(404, 'User not found')
      return toUser(target)
    }),
  )

  app.get(
    '/user/settings',
    authed(async (_request, { user }): Promise<UserSettings> => user.settings),
  )

  app.patch(
    '/user/settings',
    authed(async (request, { user }): Promise<UserSettings> => {
      const patch = parseInput(UserSettingsPatchSchema, request.body)
      const next: UserSettings = {
        ringtone: patch.ringtone ?? user.settings.ringtone,
        virtualBackground: {
          enabled: patch.virtualBackground?.enabled ?? user.settings.virtualBackground.enabled,
          background: patch.virtualBackground?.background ?? user.settings.virtualBackground.background,
        },
      }
      await context.db.query('UPDATE users SET settings = $2 WHERE id = $1', [user.id, JSON.stringify(next)])
      return next
    }),
  )

  app.get(
    '/widget',
    authed(async (_request, { user }): Promise<WidgetFormsResponse> => {
      const rows = await context.db.query<{ widget_forms: WidgetFormsResponse['data'][number]['forms'] }>(
        'SELECT widget_forms FROM accounts WHERE id = $1',
        [user.account_id],
      )
      return { total: 1, data: [{ forms: rows[0]?.widget_forms ?? [] }] }
    }),
  )

  /** The total when the page itself came back empty (skip past the end). */
  async function countWithoutPage(
    from: string,
    scope: string,
    sql: { where: string; params: unknown[] },
    ...base: unknown[]
  ) {
    const rows = await context.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${from} WHERE ${scope}${sql.where}`,
      [...base, ...sql.params],
    )
    return rows[0]?.total ?? 0
  }
}
