import * as v from 'valibot'
import { IdSchema, ShortTextSchema, TimeZoneSchema, plainObject } from './common'

/** Header the console sends with `POST /auth/login`: the URL to come back to (echoed as `location` for agents). */
export const REDIRECT_HEADER = 'x-redirect'

/**
 * Header of the auth calls asking for the refresh token in an HttpOnly cookie (value `cookie`) instead
 * of the body: the console sends it when the API is on its own origin, so page scripts never hold the
 * refresh token. A server that ignores it answers as before (the token in the body).
 */
export const REFRESH_TRANSPORT_HEADER = 'x-refresh-transport'

/** Body of `POST /auth/login`. */
export const LoginRequestSchema = v.object({
  email: v.pipe(v.string(), v.maxLength(320)),
  password: v.pipe(v.string(), v.maxLength(1024)),
  /** The terms checkbox; without it the server answers 400. */
  agreement: v.optional(v.boolean()),
  /** 6-digit TOTP code, or one of the 10 backup codes (`xxxx-xxxx`), in the code step. */
  otp: v.optional(v.pipe(v.string(), v.maxLength(32))),
  /** Remember me: a long-lived refresh token (30 days) instead of a short one (12 hours). */
  remember: v.optional(v.boolean()),
})
/** A login request. */
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>

/**
 * What a successful login (or a claim) returns. Agents (level 5) enter the console; a lower level
 * gets `redirect: true` and `location`, its dashboard, where the console sends it after 10 s.
 */
export const LoginResponseSchema = v.object({
  level: v.number(),
  accessToken: v.string(),
  /** Absent when it went into the HttpOnly refresh cookie (`REFRESH_TRANSPORT_HEADER: cookie`). */
  refreshToken: v.optional(v.string()),
  /** True when the client must leave the console for `location`. */
  redirect: v.boolean(),
  /** For agents, the `X-Redirect` the console sent (or `/`); for other levels, their dashboard URL. */
  location: v.string(),
})
/** A login response. */
export type LoginResponse = v.InferOutput<typeof LoginResponseSchema>

/** Claims of the access token (a JWT, HS256): `aud` is the user id, `org` the account id. */
export const AccessTokenClaimsSchema = v.object({
  aud: IdSchema,
  org: IdSchema,
  /** User level, so a client can tell an agent without a round trip. */
  lvl: v.number(),
  /** The refresh-token family this access token was issued from (logout revokes it). */
  sid: v.string(),
  iat: v.number(),
  exp: v.number(),
})
/** Access token claims. */
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaimsSchema>

/** Body of `POST /auth/refresh-token`. */
export const RefreshRequestSchema = v.object({
  /** Absent in cookie mode: the refresh cookie carries it. */
  refreshToken: v.optional(v.pipe(v.string(), v.maxLength(512))),
})
/** A refresh request. */
export type RefreshRequest = v.InferOutput<typeof RefreshRequestSchema>

/**
 * Response of `POST /auth/refresh-token`. Refresh tokens rotate: the one sent is spent, keep the new
 * one. Sending a spent token again answers 401 and revokes the whole family (a stolen token).
 */
export const RefreshResponseSchema = v.object({
  accessToken: v.string(),
  /**
   * Absent in cookie mode (the new one is in the cookie), and from a server that does not rotate
   * (SPEC §7 shows only `accessToken`): the console then keeps the one it holds.
   */
  refreshToken: v.optional(v.string()),
})
/** A refresh response. */
export type RefreshResponse = v.InferOutput<typeof RefreshResponseSchema>

/** Body of `POST /auth/logout` (all optional: the bearer token alone also works). */
export const LogoutRequestSchema = plainObject({
  refreshToken: v.optional(v.pipe(v.string(), v.maxLength(512))),
})
/** A logout request. */
export type LogoutRequest = v.InferOutput<typeof LogoutRequestSchema>

/** Response of `GET /auth/check-token` (200; an invalid token answers 401). */
export const CheckTokenResponseSchema = v.object({
  valid: v.literal(true),
  userId: IdSchema,
  account: IdSchema,
  level: v.number(),
  /** Expiry of the access token, seconds since the epoch. */
  exp: v.number(),
})
/** A token check. */
export type CheckTokenResponse = v.InferOutput<typeof CheckTokenResponseSchema>

/** Body of `POST /auth/claims`: mint a one-time claim id for `GET /auth/login/{id}`. */
export const ClaimRequestSchema = plainObject({
  /** Dev endpoint only (`/api/dev/claims`): whose session to mint. The bearer endpoint mints for its own user. */
  email: v.optional(v.pipe(v.string(), v.maxLength(320))),
  remember: v.optional(v.boolean()),
})
/** A claim request. */
export type ClaimRequest = v.InferOutput<typeof ClaimRequestSchema>

/** Response of the claim minting endpoints: the id and the console path that claims it. */
export const ClaimResponseSchema = v.object({
  id: v.string(),
  /** `/login/claim/{id}` */
  path: v.string(),
  expiresAt: v.string(),
})
/** A minted claim. */
export type ClaimResponse = v.InferOutput<typeof ClaimResponseSchema>

/** Body of `POST /auth/sso`: start enterprise SSO for an email (the password is not used). */
export const SsoRequestSchema = v.object({
  email: v.pipe(v.string(), v.maxLength(320)),
  agreement: v.optional(v.boolean()),
  remember: v.optional(v.boolean()),
})
/** An SSO start request. */
export type SsoRequest = v.InferOutput<typeof SsoRequestSchema>

/** Response of `POST /auth/sso`: where to send the browser (the identity provider). */
export const SsoResponseSchema = v.object({ location: v.string() })
/** An SSO start response. */
export type SsoResponse = v.InferOutput<typeof SsoResponseSchema>

/** Response of `GET /auth/2fa`. */
export const TwoFactorStatusSchema = v.object({
  enabled: v.boolean(),
  /** Backup codes not used yet (0 when 2FA is off). */
  backupCodesLeft: v.number(),
  /** Seconds before a code is checked again after too many wrong ones (0: none). */
  retryAfter: v.optional(v.number(), 0),
})
/** 2FA status. */
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatusSchema>

/** Response of `POST /auth/2fa/setup`: a new secret to show as a QR code (`uri`), not active until enabled. */
export const TwoFactorSetupSchema = v.object({ secret: v.string(), uri: v.string() })
/** A 2FA setup. */
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetupSchema>

/**
 * Body of `POST /auth/2fa/enable` (the 6-digit PIN from the app) and `POST /auth/2fa/backup-codes`
 * (a PIN or a backup code).
 */
export const TwoFactorCodeSchema = v.object({ code: v.pipe(v.string(), v.maxLength(32)) })
/** A 2FA code. */
export type TwoFactorCode = v.InferOutput<typeof TwoFactorCodeSchema>

/** Body of `POST /auth/2fa/disable`: a PIN or a backup code, and the account password. */
export const TwoFactorDisableSchema = v.object({
  code: v.pipe(v.string(), v.maxLength(32)),
  password: v.pipe(v.string(), v.maxLength(256)),
})
/** A 2FA disable request. */
export type TwoFactorDisable = v.InferOutput<typeof TwoFactorDisableSchema>

/** Response of `POST /auth/2fa/enable` and `POST /auth/2fa/backup-codes`: 10 one-time backup codes, shown once. */
export const TwoFactorEnabledSchema = v.object({ backupCodes: v.array(v.string()) })
/** Backup codes. */
export type TwoFactorEnabled = v.InferOutput<typeof TwoFactorEnabledSchema>

/**
 * Reasons of the 2FA routes' refusals: 422 `wrong-code`, `code-expired` (too late, or already used in
 * its 30 s step), `wrong-password`; 423 `too-many-attempts` (past 5 wrong codes the user waits, longer
 * each time; `GET /auth/2fa` says how long). The login's code step answers 401 with `wrong-code` or
 * `code-expired` too.
 */
export const TWO_FACTOR_REASON = {
  wrongCode: 'wrong-code',
  expiredCode: 'code-expired',
  wrongPassword: 'wrong-password',
  tooManyAttempts: 'too-many-attempts',
} as const

/** Payload of the socket's `authenticate` (SPEC §7). */
export const AuthenticateSchema = v.object({
  accessToken: v.pipe(v.string(), v.maxLength(4096)),
  /** The console session id (sessionStorage `console-session`); another id for a live user is a duplicate. */
  sessionId: v.pipe(ShortTextSchema, v.minLength(8)),
  timezone: TimeZoneSchema,
})
/** An authenticate payload. */
export type Authenticate = v.InferOutput<typeof AuthenticateSchema>

/** Payload of the server's `authenticate` reply: who you are for this socket. */
export const AuthenticatedSchema = v.object({ userId: IdSchema, sessionId: v.string(), level: v.number() })
/** An authenticate reply. */
export type Authenticated = v.InferOutput<typeof AuthenticatedSchema>

/** Payload of `authenticate:error`: 400 malformed, 401 bad token (renew and retry), 403 duplicated session. */
export const AuthenticateErrorSchema = v.object({ code: v.picklist([400, 401, 403]), message: v.string() })
/** An authenticate error. */
export type AuthenticateError = v.InferOutput<typeof AuthenticateErrorSchema>

/** Payload of `forced:disconnect`, sent right before the server closes a socket on purpose (logout, kick). */
export const ForcedDisconnectSchema = v.object({
  code: v.number(),
  /** `session-ended`: the agent ended this session from another one (the profile's list of sessions). */
  reason: v.picklist(['logout', 'token-revoked', 'session-ended']),
})
/** A forced disconnect. */
export type ForcedDisconnect = v.InferOutput<typeof ForcedDisconnectSchema>

/**
 * Payload of `server:draining` (agents and customers), sent right before the server process closes the
 * connection because it shuts down: reconnect (another process takes over); nothing was lost.
 */
export const ServerDrainingSchema = v.object({ reason: v.picklist(['shutdown']) })
/** A server shutting down. */
export type ServerDraining = v.InferOutput<typeof ServerDrainingSchema>
