import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import Provider, { type Configuration } from 'oidc-provider'
import { exportJWK, generateKeyPair } from 'jose'
import { loginPage } from './login-page'

/** The one person of the demo identity provider. */
export interface DemoIdentity {
  /** Subject identifier at the provider. */
  sub: string
  email: string
  name: string
  password: string
}

/** What the server needs to use the provider: its issuer and the client registered there. */
export interface DemoIdentityProvider {
  issuer: string
  clientId: string
  clientSecret: string
  close(): Promise<void>
}

/** Reads an `application/x-www-form-urlencoded` body (the login form), at most 16 KiB. */
async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of request) {
    body += String(chunk)
    if (body.length > 16_384) throw new Error('form too large')
  }
  return new URLSearchParams(body)
}

function send(response: ServerResponse, status: number, html: string, returnTo: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The sign-in form posts here, and its answer redirects on to the server's callback.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnTo}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  response.end(html)
}

/**
 * A real OpenID Connect provider (`oidc-provider`) for the demo and the tests, on its own port beside
 * the server, as an enterprise's would be: authorization code flow with PKCE (S256, required), one
 * confidential client whose redirect URI is the server's `/api/auth/sso/callback`, and one person who
 * signs in with email and password on the provider's own login page. Consent is implied (a company's
 * own application).
 *
 * @example
 * const idp = await startDemoIdentityProvider({ port: 0, redirectUri: `${url}/api/auth/sso/callback`, identity })
 */
export async function startDemoIdentityProvider(options: {
  port: number
  host?: string
  redirectUri: string
  identity: DemoIdentity
}): Promise<DemoIdentityProvider> {
  const { identity } = options
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const issuer = `http://localhost:${port}`
  const clientId = 'agent-console'
  const clientSecret = randomBytes(24).toString('base64url')
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { methods: ['S256'], required: () => true },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'demo' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) =>
      sub === identity.sub
        ? {
            accountId: sub,
            claims: () => ({ sub, email: identity.email, email_verified: true, name: identity.name }),
          }
        : undefined,
    // The company's own application: the person is not asked to consent to it.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId
      const client = ctx.oidc.client
      if (!accountId || !client) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = `<!doctype html><title>Sign-in error</title><p>${String(out.error).replace(/[<>&"]/g, '')}</p>`
    },
  }
  const provider = new Provider(issuer, configuration)
  const returnTo = new URL(options.redirectUri).origin
  const callback = provider.callback()

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(request.url ?? '/', issuer).pathname)
    if (!match) return void callback(request, response)
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response)
        if (request.method === 'POST' && match[2]) {
          const form = await formOf(request)
          const ok =
            form.get('email')?.trim().toLowerCase() === identity.email &&
            form.get('password') === identity.password
          if (!ok) return send(response, 401, loginPage(details.uid, identity.email, true), returnTo)
          return void (await provider.interactionFinished(
            request,
            response,
            { login: { accountId: identity.sub } },
            { mergeWithLastSubmission: false },
          ))
        }
        send(response, 200, loginPage(details.uid, identity.email, false), returnTo)
      } catch (error) {
        send(
          response,
          400,
          `<!doctype html><title>Sign-in error</title><p>${String((error as Error).message).replace(/[<>&"]/g, '')}</p>`,
          returnTo,
        )
      }
    })()
  })

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
