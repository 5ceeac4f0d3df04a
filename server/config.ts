import { isIP } from 'node:net'

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
}

/** The shortest `JWT_SECRET` accepted in production: 32 characters. */
export const MIN_SECRET_LENGTH = 32

/** A configuration the server refuses to start with; `problems` says which setting to change, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Unsafe or invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

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
  }
}
