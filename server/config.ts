import { isIP } from 'node:net'
import { readIceSettings, type IceSettings } from './media/ice-settings'
import { ConfigError } from './config-error'
import { readStorageQuotaSettings } from './quotas/storage-quotas'

/** How the server trusts `X-Forwarded-*`: not at all, a number of proxy hops, or these proxy addresses. */
export type TrustProxy = false | number | string[]

/** The reference server's configuration, read from the environment by `readConfig`. */
export interface ServerConfig {
  /** `NODE_ENV=production`: no demo data, no test pages, no dev endpoints, no demo identity provider. */
  production: boolean
  /** `PORT` (default 8080). */
  port: number
  /** `HOST` (default `0.0.0.0`). */
  host: string
  /** `DATABASE_URL`: `postgres://…`, or a PGlite directory / `memory://` (default `.data/pglite`). */
  databaseUrl: string | undefined
  /** `JWT_SECRET`: signs access, claim and guest tokens; default a random secret kept in the database. */
  jwtSecret: string | undefined
  /** `PUBLIC_URL`: the address people reach the server at (join links, SSO redirect, same-origin checks). */
  publicUrl: string | undefined
  /** `TRUST_PROXY`: off by default, so `X-Forwarded-For` from a client is ignored. */
  trustProxy: TrustProxy
  /** `ALLOWED_ORIGINS`: other origins whose pages may call the API and open the socket (CORS, Origin check). */
  allowedOrigins: string[]
  /** `FRAME_ANCESTORS`: origins allowed to frame the demo pages (a CRM); the server's own origin always is. */
  frameAncestors: string[]
  /** `STUN_URLS`, `TURN_URLS`, `TURN_SECRET`, `TURN_TTL`, `ICE_TRANSPORT_POLICY`: see `server/media/ice-settings.ts`. */
  ice: IceSettings
  /** Budgets of what anyone may use without signing in: see `AnonymousLimits`. */
  anonymous: AnonymousLimits
}

/**
 * Budgets of the surfaces anyone reaches without signing in, each per server process and per client
 * address as `TRUST_PROXY` reports it (behind a proxy it does not name, every customer shares the
 * proxy's address). Read from the environment when the server starts; docs/deployment.md lists them.
 */
export interface AnonymousLimits {
  /** `CUSTOMER_CONNECTIONS_PER_ADDRESS` (default 64): customer sockets open at once from one address. */
  customerConnectionsPerAddress: number
  /** `QUEUE_JOINS_PER_ADDRESS` (default 60): `queue:join`s from one address per minute. */
  queueJoinsPerAddress: number
  /** `QUEUE_JOINS_PER_SESSION` (default 10): `queue:join`s of one customer session per minute. */
  queueJoinsPerSession: number
  /** `CHAT_LINES_PER_SECOND` (default 5, bursts of twice that): chat lines of one customer socket. */
  chatLinesPerSecond: number
  /** `CSP_REPORT_MAX_BYTES` (default 16384): the largest CSP report body accepted. */
  cspReportMaxBytes: number
  /** `CSP_REPORTS_LOGGED_PER_MINUTE` (default 10): CSP reports logged (warn); the others are only counted. */
  cspReportsLoggedPerMinute: number
}

/** The settings of `AnonymousLimits`: environment name, default, and the largest value that makes sense. */
const ANONYMOUS_SETTINGS: [keyof AnonymousLimits, string, number, number][] = [
  ['customerConnectionsPerAddress', 'CUSTOMER_CONNECTIONS_PER_ADDRESS', 64, 100_000],
  ['queueJoinsPerAddress', 'QUEUE_JOINS_PER_ADDRESS', 60, 100_000],
  ['queueJoinsPerSession', 'QUEUE_JOINS_PER_SESSION', 10, 10_000],
  ['chatLinesPerSecond', 'CHAT_LINES_PER_SECOND', 5, 1_000],
  ['cspReportMaxBytes', 'CSP_REPORT_MAX_BYTES', 16_384, 1_048_576],
  ['cspReportsLoggedPerMinute', 'CSP_REPORTS_LOGGED_PER_MINUTE', 10, 10_000],
]

function readAnonymousSettings(env: Env, problems: string[]): AnonymousLimits {
  const limits = {} as AnonymousLimits
  for (const [key, name, fallback, most] of ANONYMOUS_SETTINGS) {
    const text = env[name]?.trim() ?? ''
    const value = Number(text)
    const valid = /^\d+$/.test(text) && value >= 1 && value <= most
    if (text !== '' && !valid) problems.push(`${name}=${text}: a whole number from 1 to ${most}`)
    limits[key] = text !== '' && valid ? value : fallback
  }
  return limits
}

/**
 * The anonymous surfaces' budgets from the environment, checked (a bad value throws a `ConfigError`).
 * The routes and the customer namespace read them as they are set up, as `readIceConfig` is read.
 *
 * @example
 * const { chatLinesPerSecond } = readAnonymousLimits(process.env)
 */
export function readAnonymousLimits(env: Env): AnonymousLimits {
  const problems: string[] = []
  const limits = readAnonymousSettings(env, problems)
  if (problems.length) throw new ConfigError(problems)
  return limits
}

/** The shortest `JWT_SECRET` accepted in production: 32 characters. */
export const MIN_SECRET_LENGTH = 32

// Its own file: settings read elsewhere (storage quotas) throw it without importing the whole config.
export { ConfigError } from './config-error'

type Env = Record<string, string | undefined>

/** A comma-separated list, trimmed, empty entries dropped. */
function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Whether `value` is exactly an origin (`scheme://host[:port]`, no path, query or trailing slash). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value
  } catch {
    return false
  }
}

/** An IPv4/IPv6 address, or one with a CIDR prefix length. */
function isAddress(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/')
  if (extra !== undefined) return false
  const family = isIP(address)
  if (family === 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

function readTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  const text = (value ?? '').trim()
  if (text === '' || text === 'false' || text === 'off' || text === '0') return false
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) problems.push(`TRUST_PROXY=${text}: a hop count is at most 10`)
    return hops
  }
  const addresses = list(text)
  const bad = addresses.filter((address) => !isAddress(address))
  if (bad.length)
    problems.push(
      `TRUST_PROXY: ${bad.join(', ')} is not a hop count or proxy addresses (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.2,10.0.1.0/24); "true" would let any client forge its address`,
    )
  return addresses.filter(isAddress)
}

function readOrigins(name: string, value: string | undefined, production: boolean, problems: string[]) {
  const origins = list(value)
  for (const origin of origins) {
    if (origin === '*') {
      if (production) problems.push(`${name}: a wildcard (*) lets any site in; list the origins instead`)
      continue
    }
    if (!isOrigin(origin))
      problems.push(`${name}: "${origin}" is not an origin (scheme://host[:port], no path or trailing slash)`)
    else if (production && !origin.startsWith('https://'))
      problems.push(`${name}: "${origin}" must use https in production`)
  }
  return origins
}

/**
 * Reads and checks the server's configuration from the environment. In production (`NODE_ENV=production`)
 * it refuses what would be unsafe: no `JWT_SECRET` or one shorter than 32 characters, a `PUBLIC_URL` that
 * is missing or not https, wildcard or plain-http origins, a `TRUST_PROXY` that trusts everyone. Throws a
 * `ConfigError` naming every setting to change.
 *
 * @example
 * const config = readConfig(process.env)
 * const app = await createApplication({ version, ...applicationOptionsOf(config) })
 */
export function readConfig(env: Env): ServerConfig {
  const problems: string[] = []
  const nodeEnv = env.NODE_ENV?.trim() ?? ''
  if (nodeEnv && !['production', 'development', 'test'].includes(nodeEnv))
    problems.push(`NODE_ENV=${nodeEnv}: use production, development or test`)
  const production = nodeEnv === 'production'

  const portText = env.PORT?.trim() || '8080'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) problems.push(`PORT=${portText}: a port number 0–65535`)

  const host = env.HOST?.trim() || '0.0.0.0'
  const databaseUrl = env.DATABASE_URL?.trim() || undefined

  const jwtSecret = env.JWT_SECRET || undefined
  if (production && !jwtSecret)
    problems.push(
      `JWT_SECRET is not set: set a random secret of at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 48)`,
    )
  else if (production && jwtSecret && jwtSecret.length < MIN_SECRET_LENGTH)
    problems.push(`JWT_SECRET is too short: at least ${MIN_SECRET_LENGTH} characters`)

  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined
  if (publicUrl) {
    let url: URL | undefined
    try {
      url = new URL(publicUrl)
    } catch {
      problems.push(`PUBLIC_URL=${publicUrl} is not a URL`)
    }
    if (url && production && url.protocol !== 'https:')
      problems.push(`PUBLIC_URL must be https in production (it is ${url.protocol.replace(':', '')})`)
    else if (url && url.protocol !== 'https:' && url.protocol !== 'http:')
      problems.push(`PUBLIC_URL must be an http(s) URL`)
  } else if (production) problems.push('PUBLIC_URL is not set: the https address people reach the server at')

  const trustProxy = readTrustProxy(env.TRUST_PROXY, problems)
  const allowedOrigins = readOrigins('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS, production, problems)
  const frameAncestors = readOrigins('FRAME_ANCESTORS', env.FRAME_ANCESTORS, production, problems)
  const ice = readIceSettings(env, production, problems)
  const anonymous = readAnonymousSettings(env, problems)
  // Checked here so that a bad quota stops the start with the others; the routes read them as they are set up.
  readStorageQuotaSettings(env, problems)

  if (problems.length) throw new ConfigError(problems)
  return {
    production,
    port,
    host,
    databaseUrl,
    jwtSecret,
    publicUrl,
    trustProxy,
    allowedOrigins,
    frameAncestors,
    ice,
    anonymous,
  }
}

/**
 * The ICE settings alone, checked the same way (`createApplication` reads them when it is given none,
 * so every way of starting a server hands out the same ICE servers). Throws a `ConfigError`.
 *
 * @example
 * const ice = readIceConfig(process.env, false)
 */
export function readIceConfig(env: Env, production: boolean): IceSettings {
  const problems: string[] = []
  const ice = readIceSettings(env, production, problems)
  if (problems.length) throw new ConfigError(problems)
  return ice
}
