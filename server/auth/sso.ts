import * as oidc from 'openid-client'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { randomToken, sha256 } from '../store/ids'
import { userByEmail, userById } from '../store/users'
import { LOGIN_REFUSALS, assertAccountAdmits } from './account-gate'
import { mintClaim } from './claims'
import { trustedEmailIssuers, verifiedEmailOf } from './sso-email'

/** Where the identity provider sends the browser back, under the public URL. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback'
/** Where the browser passes on its way to the provider, to be bound to the login it began. */
export const SSO_BEGIN_PATH = '/api/auth/sso/begin'
/** What `state` looks like (openid-client's random state is base64url); anything else is no login of ours. */
const STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

/** How long a started SSO login may take at the identity provider. */
export const SSO_FLOW_LIFETIME_MS = 10 * 60_000

/** An account's OpenID Connect provider and this server's client there (`account_sso`). */
export interface AccountSso {
  accountId: string
  issuer: string
  clientId: string
  clientSecret: string | null
  scopes: string
}

/** Sets (or replaces) an account's enterprise SSO. */
export async function configureAccountSso(db: Queryable, sso: AccountSso): Promise<void> {
  await db.query(
    `INSERT INTO account_sso (account_id, issuer, client_id, client_secret, scopes) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id) DO UPDATE SET issuer = $2, client_id = $3, client_secret = $4, scopes = $5`,
    [sso.accountId, sso.issuer, sso.clientId, sso.clientSecret, sso.scopes],
  )
}

async function accountSso(db: Queryable, accountId: string): Promise<AccountSso | undefined> {
  const rows = await db.query<{
    account_id: string
    issuer: string
    client_id: string
    client_secret: string | null
    scopes: string
  }>('SELECT * FROM account_sso WHERE account_id = $1', [accountId])
  const row = rows[0]
  return row
    ? {
        accountId: row.account_id,
        issuer: row.issuer,
        clientId: row.client_id,
        clientSecret: row.client_secret,
        scopes: row.scopes,
      }
    : undefined
}

// Discovery documents per issuer and client, fetched once per process.
const discovered = new Map<string, Promise<oidc.Configuration>>()

/** The provider's configuration (OpenID discovery); plain http only outside production (the local demo). */
function configurationOf(context: ServerContext, sso: AccountSso): Promise<oidc.Configuration> {
  const key = `${sso.issuer}\n${sso.clientId}\n${sso.clientSecret ?? ''}`
  let found = discovered.get(key)
  if (!found) {
    const insecure = new URL(sso.issuer).protocol === 'http:'
    if (insecure && context.production)
      return Promise.reject(new ServerError(502, 'The identity provider must use https'))
    found = oidc.discovery(
      new URL(sso.issuer),
      sso.clientId,
      sso.clientSecret ?? undefined,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
    discovered.set(key, found)
    found.catch(() => discovered.delete(key))
  }
  return found
}

/**
 * `POST /auth/sso`: starts the authorization code flow with PKCE at the provider of the email's
 * account. The verifier, state and nonce stay on the server (`sso_flows`, once, 10 minutes).
 *
 * @returns the server's begin address (`SSO_BEGIN_PATH`) to send the browser to: it binds the login
 *   to that browser, then passes it on to the provider.
 */
export async function startSsoLogin(
  context: ServerContext,
  email: string,
  remember: boolean,
): Promise<string> {
  const user = await userByEmail(context.db, email)
  const sso = user?.sso ? await accountSso(context.db, user.account_id) : undefined
  if (!user || !sso) throw new ServerError(404, 'Enterprise SSO is not set up for this email')
  const configuration = await configurationOf(context, sso).catch((error: unknown) => {
    context.log('SSO discovery failed', error)
    throw error instanceof ServerError
      ? error
      : new ServerError(502, 'The identity provider cannot be reached')
  })
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const nonce = oidc.randomNonce()
  const now = context.clock.now()
  const authorizeUrl = oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: `${context.publicUrl()}${SSO_CALLBACK_PATH}`,
      scope: sso.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: email,
    })
    .toString()
  await context.db.query('DELETE FROM sso_flows WHERE expires_at < $1', [new Date(now)])
  await context.db.query(
    `INSERT INTO sso_flows (state, account_id, code_verifier, nonce, remember, authorize_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [state, sso.accountId, verifier, nonce, remember, authorizeUrl, new Date(now + SSO_FLOW_LIFETIME_MS)],
  )
  return `${context.publicUrl()}${SSO_BEGIN_PATH}?${new URLSearchParams({ state }).toString()}`
}

/**
 * `GET /auth/sso/begin`: binds a started login to the browser passing through (once): a new random
 * binding, kept by the browser in a cookie and by the server as a hash. Only that browser can finish
 * the login, so nobody can slip the answer for their own account into someone else's browser
 * (login CSRF).
 *
 * @returns the binding for the cookie and the provider's authorization URL, or undefined when the
 *   state is unknown, expired or already begun.
 */
export async function beginSsoLogin(
  context: ServerContext,
  state: string,
): Promise<{ binding: string; authorizeUrl: string } | undefined> {
  if (!STATE_PATTERN.test(state)) return undefined
  const binding = randomToken(32)
  const rows = await context.db.query<{ authorize_url: string }>(
    `UPDATE sso_flows SET binding_hash = $2
      WHERE state = $1 AND binding_hash IS NULL AND expires_at > $3 RETURNING authorize_url`,
    [state, sha256(binding), new Date(context.clock.now())],
  )
  const row = rows[0]
  return row ? { binding, authorizeUrl: row.authorize_url } : undefined
}

/**
 * `GET /auth/sso/callback`: takes the flow back by its state (once, and only in the browser that
 * began it: `binding`), exchanges the code with the PKCE verifier, checks the ID token (signature,
 * issuer, audience, nonce) and signs in the account's SSO user with that verified email, if the account
 * admits them from `ip` as a password login would (423 locked, 402 subscription, 403 allow list).
 *
 * @returns the console path of a one-time claim of the new session.
 */
export async function finishSsoLogin(
  context: ServerContext,
  requestUrl: string,
  binding: string | undefined,
  ip: string,
): Promise<string> {
  const callbackUrl = new URL(requestUrl, context.publicUrl())
  const state = callbackUrl.searchParams.get('state') ?? ''
  if (!STATE_PATTERN.test(state)) throw new ServerError(401, 'Unknown or expired SSO login')
  const rows = await context.db.query<{
    account_id: string
    code_verifier: string
    nonce: string
    remember: boolean
  }>('DELETE FROM sso_flows WHERE state = $1 AND expires_at > $2 AND binding_hash = $3 RETURNING *', [
    state,
    new Date(context.clock.now()),
    sha256(binding ?? ''),
  ])
  const flow = rows[0]
  if (!flow) throw new ServerError(401, 'Unknown or expired SSO login')
  const sso = await accountSso(context.db, flow.account_id)
  if (!sso) throw new ServerError(401, 'Enterprise SSO is no longer set up')
  const { subject, claims } = await confirmedIdentity(context, sso, callbackUrl, state, flow).catch(
    (error: unknown) => {
      context.log('SSO code exchange refused', error)
      throw new ServerError(401, 'The identity provider did not confirm the sign-in')
    },
  )
  const userId = await userOfIdentity(context, sso, subject, claims)
  // What a password login checks holds here too (the claim's redemption checks again).
  const user = await userById(context.db, userId)
  if (!user) throw new ServerError(401, 'Unknown or expired SSO login')
  assertAccountAdmits(user, ip, context.clock.now(), LOGIN_REFUSALS)
  return (await mintClaim(context, userId, flow.remember, null)).path
}

/** Exchanges the code (PKCE verifier, state, nonce checked) and reads who the provider says signed in. */
async function confirmedIdentity(
  context: ServerContext,
  sso: AccountSso,
  callbackUrl: URL,
  state: string,
  flow: { code_verifier: string; nonce: string },
): Promise<{ subject: string; claims: Record<string, unknown> | undefined }> {
  const configuration = await configurationOf(context, sso)
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.code_verifier,
    expectedState: state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  })
  const idToken = tokens.claims()
  // Many providers keep the email out of the ID token of a code flow: the UserInfo endpoint has it.
  const claims =
    idToken && typeof idToken.email !== 'string'
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
      : idToken
  return { subject: idToken?.sub ?? '', claims }
}

/**
 * The user an SSO identity signs in as: by the provider's subject once bound (a subject is never
 * reassigned, whatever email it later carries); the first time, the account's SSO user with that
 * verified email, whom the subject is then bound to.
 */
async function userOfIdentity(
  context: ServerContext,
  sso: AccountSso,
  subject: string,
  claims: Record<string, unknown> | undefined,
): Promise<string> {
  if (!subject) throw new ServerError(401, 'The identity provider sent no subject')
  const refuse = () => new ServerError(403, 'This identity has no enterprise SSO user here')
  const bound = await context.db.query<{ user_id: string }>(
    'SELECT user_id FROM sso_identities WHERE issuer = $1 AND subject = $2',
    [sso.issuer, subject],
  )
  const email = verifiedEmailOf(claims, sso.issuer, trustedEmailIssuers(process.env))
  const user = bound[0]
    ? await userById(context.db, bound[0].user_id)
    : email
      ? await userByEmail(context.db, email)
      : undefined
  if (!user?.sso || user.account_id !== sso.accountId) throw refuse()
  if (bound[0]) return user.id
  // The email's user may already be bound to another subject of this provider: that is someone else.
  const inserted = await context.db.query(
    `INSERT INTO sso_identities (issuer, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [sso.issuer, subject, user.id],
  )
  if (inserted.length === 0) throw refuse()
  return user.id
}
