import type { FastifyInstance } from 'fastify'
import { type ConsoleSettings, type ExternalAppSsoResponse } from '../../src/protocol'
import { ServerError } from '../errors'
import { consoleSettings } from '../store/accounts'
import type { ApiTools } from './api-plugin'
import { externalAppKeysOf } from './external-app-keys'

/** Apps known to the external-app SSO stand-in besides the account's own `settings.apps`. */
const BUILT_IN_APPS = new Set(['feedback'])

/**
 * External-app SSO tokens (ES256 under the apps' own key, whose public half `GET /external-apps/jwks.json`
 * serves), and the segments the customer page may call.
 */
export function miscRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  const keys = externalAppKeysOf(context)
  app.get('/external-apps/jwks.json', async (_request, reply) => {
    // Apps fetch it again when a token names a `kid` they do not know; a few minutes of cache is enough.
    reply.header('cache-control', 'public, max-age=300')
    return keys.jwks()
  })
  app.get(
    '/external-apps/:app/sso',
    authed<{ Params: { app: string } }>(async (request, { user }): Promise<ExternalAppSsoResponse> => {
      const settings = await consoleSettings(context.db, user.account_id)
      const known =
        BUILT_IN_APPS.has(request.params.app) || settings.apps.some((a) => a.name === request.params.app)
      if (!known) throw new ServerError(404, 'Unknown app')
      // The app learns who and of which account, nothing personal: it asks the API for more if it may.
      const ssoToken = await keys.sign(
        { userId: user.id, accountId: user.account_id, app: request.params.app },
        300,
      )
      // The reference server serves the feedback widget itself. Its address is relative to the server that
      // answered: the console resolves it against the API it called, so the frame comes from the host name the
      // agent used (127.0.0.1 or localhost) and, for a CRM page, from this server, never from PUBLIC_URL's.
      return request.params.app === 'feedback' ? { ssoToken, url: '/feedback.html' } : { ssoToken }
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
}
