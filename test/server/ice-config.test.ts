import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ConfigError, readConfig, readIceConfig } from '../../server/config'
import { customerTurnId, mintTurnCredential } from '../../server/media/ice-credentials'

const SECRET = 'north-wind-coturn-secret-of-32-chars+'

/** The problems `readConfig` names for `env` (none: it accepts it). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    readConfig(env)
    return []
  } catch (error) {
    assert.ok(error instanceof ConfigError)
    return error.problems
  }
}

describe('ICE configuration by environment', () => {
  it('hands out nothing by default, with the policy all and a one-hour TURN credential life', () => {
    assert.deepEqual(readConfig({}).ice, {
      stunUrls: [],
      turnUrls: [],
      turnSecret: null,
      turnTtlSeconds: 3600,
      iceTransportPolicy: 'all',
    })
  })

  it('reads STUN and TURN URLs (UDP, TCP, TLS), the secret, the TTL and the relay policy', () => {
    const config = readConfig({
      STUN_URLS: 'stun:stun.example.com:3478, stun:[2001:db8::1]',
      TURN_URLS:
        'turn:turn.example.com:3478?transport=udp,turn:turn.example.com:3478?transport=tcp, turns:turn.example.com:443?transport=tcp',
      TURN_SECRET: SECRET,
      TURN_TTL: '600',
      ICE_TRANSPORT_POLICY: 'relay',
    })
    assert.deepEqual(config.ice, {
      stunUrls: ['stun:stun.example.com:3478', 'stun:[2001:db8::1]'],
      turnUrls: [
        'turn:turn.example.com:3478?transport=udp',
        'turn:turn.example.com:3478?transport=tcp',
        'turns:turn.example.com:443?transport=tcp',
      ],
      turnSecret: SECRET,
      turnTtlSeconds: 600,
      iceTransportPolicy: 'relay',
    })
  })

  it('names each bad setting: a URL, a secret without URLs or URLs without one, the TTL, the policy', () => {
    assert.deepEqual(
      problemsOf({ STUN_URLS: 'https://stun.example.com', TURN_URLS: 'turn:turn.example.com' }),
      [
        'STUN_URLS: "https://stun.example.com" is not a STUN URL (e.g. stun:stun.example.com:3478)',
        'TURN_URLS is set but TURN_SECRET is not: set it to the static-auth-secret of coturn (e.g. openssl rand -hex 32)',
      ],
    )
    assert.deepEqual(problemsOf({ TURN_SECRET: SECRET }), [
      'TURN_SECRET is set but TURN_URLS is not: list the TURN server URLs it is the secret of',
    ])
    const bad = problemsOf({
      TURN_URLS: 'turn:turn.example.com:99999, stun:turn.example.com, turn:turn.example.com?transport=sctp',
      TURN_SECRET: SECRET,
      TURN_TTL: '30',
      ICE_TRANSPORT_POLICY: 'nohost',
    })
    assert.equal(bad.length, 5, bad.join('\n'))
    assert.match(bad[0]!, /^TURN_URLS: "turn:turn\.example\.com:99999" is not a TURN URL/)
    assert.match(bad[1]!, /^TURN_URLS: "stun:turn\.example\.com" is not a TURN URL/)
    assert.match(bad[2]!, /^TURN_URLS: "turn:turn\.example\.com\?transport=sctp" is not a TURN URL/)
    assert.equal(bad[3], 'TURN_TTL=30: whole seconds from 60 to 86400 (default 3600)')
    assert.equal(bad[4], 'ICE_TRANSPORT_POLICY=nohost: use all or relay')
    assert.deepEqual(problemsOf({ TURN_URLS: 'turn:a.example', TURN_SECRET: SECRET, TURN_TTL: '90.5' }), [
      'TURN_TTL=90.5: whole seconds from 60 to 86400 (default 3600)',
    ])
    assert.deepEqual(problemsOf({ TURN_URLS: 'turn:a.example', TURN_SECRET: SECRET, TURN_TTL: '60' }), [])
  })

  it('refuses relay-only without TURN: no call would ever connect', () => {
    assert.deepEqual(problemsOf({ ICE_TRANSPORT_POLICY: 'relay', STUN_URLS: 'stun:stun.example.com' }), [
      'ICE_TRANSPORT_POLICY=relay needs TURN_URLS and TURN_SECRET: without a relay no call connects',
    ])
  })

  it('refuses more URLs than a client takes, and a short TURN secret in production', () => {
    const nine = Array.from({ length: 9 }, (_, index) => `stun:stun${index}.example.com`).join(',')
    assert.deepEqual(problemsOf({ STUN_URLS: nine }), ['STUN_URLS: at most 8 URLs (9 given)'])
    assert.throws(
      () => readIceConfig({ TURN_URLS: 'turns:turn.example.com:443', TURN_SECRET: 'short' }, true),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.join() === 'TURN_SECRET is too short: at least 32 characters in production',
    )
    // Outside production a short secret is the demo's business.
    assert.equal(
      readIceConfig({ TURN_URLS: 'turn:127.0.0.1', TURN_SECRET: 'short' }, false).turnSecret,
      'short',
    )
  })
})

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('mints the username expiry:id and the base64 HMAC-SHA1 of it with the secret', () => {
    // Vector computed apart, with OpenSSL:
    //   printf '%s' '1700003600:64b7f0c2a1b2c3d4e5f60718' | openssl dgst -sha1 -hmac 'north-wind-coturn-secret' -binary | base64
    const minted = mintTurnCredential(
      'north-wind-coturn-secret',
      '64b7f0c2a1b2c3d4e5f60718',
      1_700_000_000_999,
      3600,
    )
    assert.deepEqual(minted, {
      username: '1700003600:64b7f0c2a1b2c3d4e5f60718',
      credential: 'qEfSNszrJNfIiiDCqyPrrUU5EOo=',
      expiresAt: 1_700_003_600_000,
    })
  })

  it('gives a customer a stable pseudonym, never their session id (a bearer of their call)', () => {
    const sessionId = 'a-secret-customer-session-id'
    const id = customerTurnId(sessionId)
    assert.match(id, /^customer-[0-9a-f]{20}$/)
    assert.equal(customerTurnId(sessionId), id)
    assert.notEqual(customerTurnId(`${sessionId}x`), id)
    assert.ok(!mintTurnCredential('s', id, 0, 60).username.includes(sessionId))
  })

  it('refuses an id with a colon, which coturn would read as part of the expiry', () => {
    assert.throws(() => mintTurnCredential('s', 'agent:1', 0, 60), /no colon/)
  })
})
