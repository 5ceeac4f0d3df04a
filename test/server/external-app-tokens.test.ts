import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK } from 'jose'
import * as v from 'valibot'
import { HTTP_API, type ExternalAppSsoResponse } from '../../src/protocol'
import { TestServer } from './support/test-server'

const JWT_SECRET = 'a-known-secret-of-this-test-at-least-32-characters'

describe('external-app SSO tokens, as an app that verifies them sees them', () => {
  let server: TestServer
  let agent: { token: string; userId: string }
  const ssoToken = async (app = 'feedback') =>
    (await server.http<ExternalAppSsoResponse>('GET', `/external-apps/${app}/sso`, { token: agent.token }))
      .body.ssoToken
  const jwks = async () => {
    const response = await fetch(`${server.url}/api/external-apps/jwks.json`)
    assert.equal(response.status, 200)
    const body = (await response.json()) as { keys: JWK[] }
    // As the route table declares it (the contract apps read).
    assert.ok(v.is(HTTP_API.externalAppJwks.response, body), JSON.stringify(body))
    return body
  }

  before(async () => {
    server = await TestServer.start({ jwtSecret: JWT_SECRET })
    agent = await server.agent(await server.createAgent([]))
  })
  after(() => server.close())

  it('are ES256 under a key of their own, verifiable with the public JWKS alone', async () => {
    const token = await ssoToken()
    const header = decodeProtectedHeader(token)
    assert.equal(header.alg, 'ES256')
    const set = await jwks()
    assert.equal(set.keys.length, 1)
    const [key] = set.keys
    assert.equal(key!.kid, header.kid)
    assert.deepEqual(
      Object.keys(key!).sort(),
      ['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y'],
      'the public half only: no d',
    )
    const { payload } = await jwtVerify(token, createLocalJWKSet(set), {
      algorithms: ['ES256'],
      issuer: server.url,
      audience: 'feedback',
    })
    assert.equal(payload.sub, agent.userId)
  })

  it('carry only who, of which account, for which app: no email, nothing the console trusts', async () => {
    const claims = decodeJwt(await ssoToken())
    assert.deepEqual(Object.keys(claims).sort(), ['aud', 'exp', 'iat', 'iss', 'jti', 'org', 'sub'])
    assert.equal(claims.exp! - claims.iat!, 300)
    assert.doesNotMatch(JSON.stringify(claims), /@/)
  })

  it('cannot be checked with the server secret, and what that secret signs is no app token', async () => {
    const secret = new TextEncoder().encode(JWT_SECRET)
    await assert.rejects(jwtVerify(await ssoToken(), secret, { algorithms: ['HS256'] }))
    // What an app holding the HS256 secret could mint (the token of today's main): refused.
    const now = Math.floor(Date.now() / 1000)
    const minted = await new SignJWT({ use: 'external-app', app: 'feedback', org: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(agent.userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(secret)
    const sent = await server.http('POST', '/external-apps/feedback/submissions', {
      token: minted,
      body: { rating: 5, message: 'forged' },
    })
    assert.equal(sent.status, 401)
  })

  it('count for their own app only', async () => {
    const other = await ssoToken('feedback')
    const accepted = await server.http('POST', '/external-apps/feedback/submissions', {
      token: other,
      body: { rating: 3, message: 'ok' },
    })
    assert.equal(accepted.status, 201)
    const set = createLocalJWKSet(await jwks())
    await assert.rejects(jwtVerify(other, set, { audience: 'another-app', issuer: server.url }))
  })
})
