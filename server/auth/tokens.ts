import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose'
import { newId } from '../store/ids'

/** What a token is for; a token of one use is refused everywhere else. */
export type TokenUse = 'access' | 'file' | 'signal' | 'recording' | 'media' | 'backup' | 'sso' | 'guest'

/** Claims of an access token, as the server reads them. */
export interface AccessClaims {
  userId: string
  accountId: string
  level: number
  familyId: string
  exp: number
}

/**
 * Signs and verifies the server's JWTs (HS256). Access tokens carry `aud` = user id and `org` =
 * account (SPEC §3); other tokens are scoped by `use` and their own claims.
 *
 * @example
 * const token = await tokens.signAccess({ userId, accountId, level: 5, familyId })
 * const claims = await tokens.verifyAccess(token) // null when invalid or expired
 */
export class TokenService {
  readonly #key: Uint8Array

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
    private readonly now: () => number,
  ) {
    this.#key = new TextEncoder().encode(secret)
  }

  /** A short-lived access token. */
  signAccess(claims: Omit<AccessClaims, 'exp'>): Promise<string> {
    return this.sign(
      'access',
      claims.userId,
      { org: claims.accountId, lvl: claims.level, sid: claims.familyId },
      this.accessTtlSeconds,
    )
  }

  /** The claims of a valid access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const payload = await this.verify(token, 'access')
    if (!payload || typeof payload.aud !== 'string' || typeof payload.org !== 'string') return null
    if (typeof payload.lvl !== 'number' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null
    return {
      userId: payload.aud,
      accountId: payload.org,
      level: payload.lvl,
      familyId: payload.sid,
      exp: payload.exp,
    }
  }

  /** A token of another use, for `subject`, with extra claims, living `ttlSeconds`. */
  async sign(
    use: TokenUse,
    subject: string,
    claims: Record<string, unknown>,
    ttlSeconds: number,
  ): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000)
    return new SignJWT({ ...claims, use })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience(subject)
      .setJti(newId())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(this.#key)
  }

  /** The payload of a valid token of this use, or null (expired, forged, other use). */
  async verify(token: string, use: TokenUse): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      })
      return payload.use === use ? payload : null
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null
      throw error
    }
  }
}
