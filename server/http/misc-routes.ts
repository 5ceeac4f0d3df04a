import type { FastifyInstance } from 'fastify'
import {
  PersonalLinkRequestSchema,
  type ConsoleSettings,
  type ExternalAppSsoResponse,
  type PersonalLinkResponse,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { consoleSettings } from '../store/accounts'
import type { ApiTools } from './api-plugin'

/** Apps known to the external-app SSO stand-in besides the account's own `settings.apps`. */
const BUILT_IN_APPS = new Set(['feedback'])

/** External-app SSO tokens and personal links. */
export function miscRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/external-apps/:app/sso',
    authed<{ Params: { app: string } }>(async (request, { user }): Promise<ExternalAppSsoResponse> => {
      const settings = await consoleSettings(context.db, user.account_id)
      const known =
        BUILT_IN_APPS.has(request.params.app) || settings.apps.some((a) => a.name === request.params.app)
      if (!known) throw new ServerError(404, 'Unknown app')
      const ssoToken = await context.tokens.sign(
        'external-app',
        user.id,
        { app: request.params.app, org: user.account_id, email: user.email },
        300,
      )
      return { ssoToken }
    }),
  )

  // Reference server only: the customer page lists the segments it may call (customers have no login).
  // `app`: the account's first app; `appsEnabled`: the segment's customers run it (the page acts as it).
  app.get('/public/segments', async () => {
    const rows = await context.db.query<{
      id: string
      name: string
      account: string
      apps_enabled: boolean
      settings: ConsoleSettings
    }>(
      `SELECT g.id, g.name, a.name AS account, g.apps_enabled, a.settings FROM segments g
         JOIN accounts a ON a.id = g.account_id
        WHERE a.subscription_expires_at IS NULL OR a.subscription_expires_at > now() ORDER BY a.name, g.name`,
    )
    return {
      data: rows.map((row) => {
        const first = row.settings.apps[0]
        return {
          id: row.id,
          name: row.name,
          account: row.account,
          app: first ? { name: first.name, label: first.label } : null,
          appsEnabled: row.apps_enabled,
        }
      }),
    }
  })

  app.post(
    '/personal-link',
    authed(async (request, { user }): Promise<PersonalLinkResponse> => {
      const body = parseInput(PersonalLinkRequestSchema, request.body ?? {})
      const segments = await context.db.query<{ segment_id: string }>(
        'SELECT segment_id FROM agent_segments WHERE user_id = $1 ORDER BY segment_id',
        [user.id],
      )
      const segment = body.segment ?? segments[0]?.segment_id
      if (!segment || !segments.some((row) => row.segment_id === segment))
        throw new ServerError(404, 'You do not serve that segment')
      return { url: `${context.publicUrl()}/customer.html?segment=${segment}&agent=${user.id}` }
    }),
  )
}
