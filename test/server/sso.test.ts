import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { startDemoSso, DEMO_SSO_IDENTITY } from '../../server/demo-idp/demo-sso'
import type { DemoIdentityProvider } from '../../server/demo-idp/identity-provider'
import type { LoginResponse } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { SsoBrowser } from './support/sso-browser'

let server: TestServer
let idp: DemoIdentityProvider

before(async () => {
  server = await TestServer.start()
  idp = await startDemoSso(server.app)
})
after(async () => {
  await idp.close()
  await server.close()
})

async function startSso(email = DEMO_SSO_IDENTITY.email) {
  return server.http<{ location: string }>('POST', '/auth/sso', { body: { email, agreement: true } })
}

/** Signs in at the provider's page; resolves with the URL the provider sends the browser back to. */
async function signInAtProvider(browser: SsoBrowser, location: string, password: string) {
  const { url, response } = await browser.follow(location, () => false)
  assert.match(url, /\/interaction\//)
  assert.match(await response.text(), /Demo identity provider/)
  const posted = await browser.get(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: DEMO_SSO_IDENTITY.email, password }).toString(),
  })
  if (posted.status === 401) return null
  return browser.follow(new URL(posted.headers.get('location') ?? '', url).toString(), (next) =>
    next.startsWith(server.url),
  )
}

describe('enterprise SSO (OpenID Connect with PKCE, local provider)', () => {
  it('sends the browser to the provider with PKCE and state, and signs the person in when they come back', async () => {
    const started = await startSso()
    assert.equal(started.status, 200)
    const browser = new SsoBrowser()
    // The browser passes through the server first, which binds the login to it, then on to the provider.
    const begin = await browser.get(started.body.location)
    assert.equal(begin.status, 302)
    assert.match(begin.headers.get('set-cookie') ?? '', /agent_sso=.+HttpOnly.*SameSite=Lax/i)
    const authorize = new URL(begin.headers.get('location') ?? '')
    assert.equal(authorize.origin, idp.issuer)
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256')
    assert.ok(authorize.searchParams.get('state'))
    assert.ok(authorize.searchParams.get('nonce'))
    // Begun once: the same start address does not bind a second browser.
    const again = await new SsoBrowser().get(started.body.location)
    assert.equal(again.headers.get('location'), '/login?sso-error=401')

    const back = await signInAtProvider(browser, authorize.toString(), DEMO_SSO_IDENTITY.password)
    assert.ok(back)
    assert.match(back.url, /\/api\/auth\/sso\/callback\?code=/)
    const callback = await browser.get(back.url)
    assert.equal(callback.status, 302)
    const claimPath = callback.headers.get('location') ?? ''
    assert.match(claimPath, /^\/login\/claim\//)
    const id = decodeURIComponent(claimPath.split('/').pop() ?? '')
    const session = await server.http<LoginResponse>('GET', `/auth/login/${encodeURIComponent(id)}`)
    assert.equal(session.status, 200)
    assert.ok(session.body.accessToken)

    // The same answer from the provider cannot be used twice.
    const replay = await browser.get(back.url)
    assert.equal(replay.headers.get('location'), '/login?sso-error=401')
  })

  it('does not sign in with a wrong password at the provider', async () => {
    const started = await startSso()
    assert.equal(await signInAtProvider(new SsoBrowser(), started.body.location, 'wrong'), null)
  })

  it("refuses the provider's answer in a browser that did not begin the login (login CSRF)", async () => {
    const started = await startSso()
    const attacker = new SsoBrowser()
    const back = await signInAtProvider(attacker, started.body.location, DEMO_SSO_IDENTITY.password)
    assert.ok(back)
    // The attacker's answer, opened by someone else's browser, signs nobody in there…
    const victim = await new SsoBrowser().get(back.url)
    assert.equal(victim.headers.get('location'), '/login?sso-error=401')
    // …and the browser that began the login still finishes it.
    const own = await attacker.get(back.url)
    assert.match(own.headers.get('location') ?? '', /^\/login\/claim\//)
  })

  it('refuses a callback with a state it never issued', async () => {
    const response = await fetch(`${server.url}/api/auth/sso/callback?code=forged&state=forged`, {
      redirect: 'manual',
    })
    assert.equal(response.headers.get('location'), '/login?sso-error=401')
  })

  it('answers 404 for a user without enterprise SSO, and never signs anyone in from an email alone', async () => {
    assert.equal((await startSso('ana@demo.test')).status, 404)
    assert.equal((await startSso('nobody@demo.test')).status, 404)
    const standIn = await fetch(`${server.url}/api/auth/sso/authorize?ticket=x`, { redirect: 'manual' })
    assert.equal(standIn.status, 404)
  })

  it('goes by the provider subject once bound: the same email under another subject is someone else', async () => {
    // The first test bound the demo person's subject to sso@demo.test; pretend it was another subject.
    const rows = await server.db.query<{ subject: string }>(
      "UPDATE sso_identities SET subject = 'someone-else' WHERE issuer = $1 RETURNING subject",
      [idp.issuer],
    )
    assert.equal(rows.length, 1)
    const started = await startSso()
    const browser = new SsoBrowser()
    const back = await signInAtProvider(browser, started.body.location, DEMO_SSO_IDENTITY.password)
    assert.ok(back)
    const callback = await browser.get(back.url)
    assert.equal(callback.headers.get('location'), '/login?sso-error=403')
  })
})
