import { MAX_ICE_URLS, type IceTransportPolicy } from '../../src/protocol'

/**
 * The server's ICE configuration (`STUN_URLS`, `TURN_URLS`, `TURN_SECRET`, `TURN_TTL`,
 * `ICE_TRANSPORT_POLICY`): which STUN and TURN servers the console and the customer page are handed,
 * the coturn shared secret their TURN credentials are minted with, and the default transport policy.
 */
export interface IceSettings {
  /** `stun:`/`stuns:` URLs handed out as they are. */
  stunUrls: string[]
  /** `turn:`/`turns:` URLs handed out with a credential minted per session. */
  turnUrls: string[]
  /** coturn's `static-auth-secret` (`use-auth-secret`); null when no TURN is configured. */
  turnSecret: string | null
  /** Life of a minted TURN credential, in seconds (default 3600, at least 60). */
  turnTtlSeconds: number
  /** The policy of accounts that set none (`all` by default; `relay` needs TURN). */
  iceTransportPolicy: IceTransportPolicy
}

/** No STUN, no TURN: media works between browsers that reach each other directly (one network). */
export const NO_ICE: IceSettings = {
  stunUrls: [],
  turnUrls: [],
  turnSecret: null,
  turnTtlSeconds: 3600,
  iceTransportPolicy: 'all',
}

/** The shortest TURN credential life accepted: a client renews before expiry, so less only adds load. */
export const MIN_TURN_TTL_SECONDS = 60
/** The longest: a leaked credential opens the relay for at most a day. */
export const MAX_TURN_TTL_SECONDS = 86_400
/** The shortest `TURN_SECRET` accepted in production (whoever knows it can mint credentials). */
export const MIN_TURN_SECRET_LENGTH = 32

// RFC 7064/7065: scheme, host (name, IPv4, or [IPv6]), optional port; TURN may name its transport.
const HOST = String.raw`(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)`
const STUN_URL = new RegExp(String.raw`^stuns?:${HOST}(?::(\d{1,5}))?$`)
const TURN_URL = new RegExp(String.raw`^turns?:${HOST}(?::(\d{1,5}))?(?:\?transport=(?:udp|tcp))?$`)

/** The URLs of one list variable, each checked; a bad one is named with what it should look like. */
function urls(name: string, value: string | undefined, pattern: RegExp, example: string, problems: string[]) {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  for (const item of items) {
    const match = pattern.exec(item)
    if (!match || Number(match[1] ?? 0) > 65535)
      problems.push(
        `${name}: "${item}" is not a ${name === 'STUN_URLS' ? 'STUN' : 'TURN'} URL (e.g. ${example})`,
      )
  }
  if (items.length > MAX_ICE_URLS)
    problems.push(`${name}: at most ${MAX_ICE_URLS} URLs (${items.length} given)`)
  return items.filter((item) => pattern.test(item))
}

/**
 * Reads the ICE settings from the environment, adding a line to `problems` for each one to change:
 * a malformed URL, `TURN_URLS` without `TURN_SECRET` (or the other way round), a `TURN_TTL` that is
 * not a whole number of seconds from 60 to 86400, an unknown `ICE_TRANSPORT_POLICY`, `relay` without
 * TURN (no call would ever connect), a production `TURN_SECRET` shorter than 32 characters.
 *
 * @example
 * const problems: string[] = []
 * const ice = readIceSettings(process.env, true, problems)
 */
export function readIceSettings(
  env: Record<string, string | undefined>,
  production: boolean,
  problems: string[],
): IceSettings {
  const stunUrls = urls('STUN_URLS', env.STUN_URLS, STUN_URL, 'stun:stun.example.com:3478', problems)
  const turnUrls = urls(
    'TURN_URLS',
    env.TURN_URLS,
    TURN_URL,
    'turn:turn.example.com:3478?transport=udp, turns:turn.example.com:443?transport=tcp',
    problems,
  )
  const turnSecret = env.TURN_SECRET || null
  const turnGiven = (env.TURN_URLS ?? '').trim() !== ''
  if (turnGiven && !turnSecret)
    problems.push(
      'TURN_URLS is set but TURN_SECRET is not: set it to the static-auth-secret of coturn (e.g. openssl rand -hex 32)',
    )
  else if (!turnGiven && turnSecret)
    problems.push('TURN_SECRET is set but TURN_URLS is not: list the TURN server URLs it is the secret of')
  else if (production && turnSecret && turnSecret.length < MIN_TURN_SECRET_LENGTH)
    problems.push(`TURN_SECRET is too short: at least ${MIN_TURN_SECRET_LENGTH} characters in production`)

  const ttlText = env.TURN_TTL?.trim() || String(NO_ICE.turnTtlSeconds)
  const turnTtlSeconds = Number(ttlText)
  if (
    !/^\d+$/.test(ttlText) ||
    turnTtlSeconds < MIN_TURN_TTL_SECONDS ||
    turnTtlSeconds > MAX_TURN_TTL_SECONDS
  )
    problems.push(
      `TURN_TTL=${ttlText}: whole seconds from ${MIN_TURN_TTL_SECONDS} to ${MAX_TURN_TTL_SECONDS} (default ${NO_ICE.turnTtlSeconds})`,
    )

  const policyText = env.ICE_TRANSPORT_POLICY?.trim() || 'all'
  if (policyText !== 'all' && policyText !== 'relay')
    problems.push(`ICE_TRANSPORT_POLICY=${policyText}: use all or relay`)
  const iceTransportPolicy: IceTransportPolicy = policyText === 'relay' ? 'relay' : 'all'
  if (iceTransportPolicy === 'relay' && !turnGiven)
    problems.push(
      'ICE_TRANSPORT_POLICY=relay needs TURN_URLS and TURN_SECRET: without a relay no call connects',
    )

  return { stunUrls, turnUrls, turnSecret, turnTtlSeconds, iceTransportPolicy }
}

/** Whether the settings hand out no ICE server at all (media then connects within one network only). */
export function hasNoIceServer(settings: IceSettings): boolean {
  return settings.stunUrls.length === 0 && settings.turnUrls.length === 0
}
