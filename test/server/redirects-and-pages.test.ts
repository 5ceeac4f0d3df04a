import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { LoginResponse } from '../../src/protocol'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { safeRedirect } from '../../server/auth/session-issuer'
import { trustedEmailIssuers, verifiedEmailOf } from '../../server/auth/sso-email'
import { TestServer } from './support/test-server'

describe("the login's location (X-Redirect)", () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  /** The location a correct login answers for this `X-Redirect`, and where a browser would go. */
  async function landing(redirect: string): Promise<{ location: string; lands: string }> {
    const { body } = await server.http<LoginResponse>('POST', '/auth/login', {
      body: { email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true },
      headers: { 'x-redirect': redirect },
    })
    return { location: body.location, lands: new URL(body.location, server.url).origin }
  }

  it('never sends the browser to another site, however the value is spelled', async () => {
    for (const hostile of [
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '//evil.example/x',
      '/\t/evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '\\/evil.example',
    ]) {
      const { location, lands } = await landing(hostile)
      assert.equal(lands, new URL(server.url).origin, `${JSON.stringify(hostile)} → ${location}`)
      assert.equal(location, '/', JSON.stringify(hostile))
    }
  })

  it('keeps a place of this server: its path, query and fragment', async () => {
    assert.equal((await landing('/history?page=2#top')).location, '/history?page=2#top')
    assert.equal((await landing(`${server.url}/calendar`)).location, '/calendar')
  })

  it('resolves against PUBLIC_URL as a browser does', () => {
    const base = 'https://console.example'
    assert.equal(safeRedirect('/\\evil.example/x', base), '/')
    assert.equal(safeRedirect('https://console.example:8443/x', base), '/')
    assert.equal(safeRedirect('/a/../b', base), '/b')
  })
})

describe('the email an SSO identity is bound by the first time', () => {
  const issuer = 'https://idp.example'

  it('is one the provider says it verified, not one whose email_verified is missing or not true', () => {
    assert.equal(verifiedEmailOf({ email: 'ana@x.test', email_verified: true }, issuer, []), 'ana@x.test')
    assert.equal(verifiedEmailOf({ email: 'ana@x.test' }, issuer, []), undefined)
    assert.equal(verifiedEmailOf({ email: 'ana@x.test', email_verified: 'true' }, issuer, []), undefined)
    assert.equal(verifiedEmailOf({ email: 'ana@x.test', email_verified: false }, issuer, []), undefined)
  })

  it('is trusted without the claim only for an issuer the operator names (SSO_EMAIL_TRUSTED_ISSUERS)', () => {
    const trusted = trustedEmailIssuers({ SSO_EMAIL_TRUSTED_ISSUERS: ` ${issuer} , https://b.example` })
    assert.deepEqual(trusted, [issuer, 'https://b.example'])
    assert.equal(verifiedEmailOf({ email: 'ana@x.test' }, issuer, trusted), 'ana@x.test')
    assert.equal(verifiedEmailOf({ email: 'ana@x.test' }, 'https://other.example', trusted), undefined)
    assert.deepEqual(trustedEmailIssuers({}), [])
  })
})

describe('what production serves of the demo', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ production: true })
  })
  after(() => server.close())

  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`)
    return { status: response.status, text: await response.text() }
  }

  it('serves no source map and no demo dashboard', async () => {
    for (const path of [
      '/customer.js.map',
      '/dashboard.html',
      '/demo/dashboard.html',
      '/demo/Dashboard.html',
    ])
      assert.equal((await get(path)).status, 404, path)
    const script = await get('/customer.js')
    assert.equal(script.status, 200)
    assert.doesNotMatch(script.text, /sourceMappingURL/)
    assert.equal((await get('/customer.html')).status, 200, 'the customer page itself still is')
  })
})
