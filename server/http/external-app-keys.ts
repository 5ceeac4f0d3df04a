import {
  SignJWT,
  calculateJwkThumbprint,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
} from 'jose'
import type { Queryable } from '../store/database'
import { newId } from '../store/ids'

/** The row of `server_secrets` that holds the private key (a JWK), shared by every process. */
const KEY_NAME = 'external-app-es256'
/** The one algorithm of external-app tokens: an app verifies with the public key alone. */
const ALGORITHM = 'ES256'

/** What an external app learns of the agent who opens it: who (`sub`), of which account (`org`), nothing more. */
export interface ExternalAppClaims {
  /** The agent's user id. */
  userId: string
  /** The agent's account id. */
  accountId: string
  /** The app the token is for (its `aud`). */
  app: string
}

/** The signing key of external-app tokens, and its public half as a JSON Web Key Set. */
export interface ExternalAppKeys {
  /** A token for `app`, living `ttlSeconds`: ES256, `iss` this server, `aud` the app, `sub`, `org`. */
  sign(claims: ExternalAppClaims, ttlSeconds: number): Promise<string>
  /** The claims of a valid token for `app` (this server's, unexpired), or null. */
  verify(token: string, app: string): Promise<ExternalAppClaims | null>
  /** `{ keys: [public JWK] }` with `kid`, `alg` and `use`: what `GET /api/external-apps/jwks.json` serves. */
  jwks(): Promise<{ keys: JWK[] }>
}

/** The stored private key, made by the first process that asks (the others read the same row). */
async function storedKey(db: Queryable): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true })
  const made = JSON.stringify(await exportJWK(privateKey))
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    KEY_NAME,
    made,
  ])
  const rows = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
    KEY_NAME,
  ])
  if (!rows[0]) throw new Error(`secret ${KEY_NAME} missing`)
  return JSON.parse(rows[0].value) as JWK
}

/**
 * The external apps' own key pair (ES256), apart from the server's `JWT_SECRET`: an app that checks a
 * token needs only the public key (`jwks()`), so it can never mint one, neither for itself nor as the
 * console's access tokens. Tokens carry the claims an app needs and no personal data (no email).
 *
 * @example
 * const keys = externalAppKeys(context.db, context.publicUrl, context.clock.now)
 * const token = await keys.sign({ userId, accountId, app: 'feedback' }, 300)
 */
export function externalAppKeys(db: Queryable, issuer: () => string, now: () => number): ExternalAppKeys {
  let loaded: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK }> | undefined
  const keys = () => {
    loaded ??= (async () => {
      const privateJwk = await storedKey(db)
      const { kty, crv, x, y } = privateJwk
      const publicJwk: JWK = { kty, crv, x, y } as JWK
      const kid = await calculateJwkThumbprint(publicJwk)
      return {
        privateKey: (await importJWK(privateJwk, ALGORITHM)) as CryptoKey,
        publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
        publicJwk: { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' },
      }
    })()
    // A failed read (the database away) is tried again at the next request.
    loaded.catch(() => (loaded = undefined))
    return loaded
  }
  return {
    async sign({ userId, accountId, app }, ttlSeconds) {
      const { privateKey, publicJwk } = await keys()
      const issuedAt = Math.floor(now() / 1000)
      return new SignJWT({ org: accountId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: publicJwk.kid! })
        .setIssuer(issuer())
        .setAudience(app)
        .setSubject(userId)
        .setJti(newId())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(privateKey)
    },
    async verify(token, app) {
      const { publicKey } = await keys()
      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALGORITHM],
          issuer: issuer(),
          audience: app,
          currentDate: new Date(now()),
        }))
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null
        throw error
      }
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string') return null
      return { userId: payload.sub, accountId: payload.org, app }
    },
    async jwks() {
      return { keys: [(await keys()).publicJwk] }
    },
  }
}

const byContext = new WeakMap<object, ExternalAppKeys>()

/**
 * The external-app keys of a server (one per context, so the routes that sign and verify share one
 * loaded key).
 *
 * @example
 * const token = await externalAppKeysOf(context).sign({ userId, accountId, app }, 300)
 */
export function externalAppKeysOf(context: {
  db: Queryable
  publicUrl: () => string
  clock: { now: () => number }
}): ExternalAppKeys {
  let keys = byContext.get(context)
  if (!keys) {
    keys = externalAppKeys(context.db, context.publicUrl, context.clock.now)
    byContext.set(context, keys)
  }
  return keys
}
