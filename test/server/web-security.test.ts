import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { io } from 'socket.io-client'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'

const CRM = 'https://crm.example.test'
let server: TestServer
before(async () => {
  server = await TestServer.start({ allowedOrigins: [CRM], frameAncestors: [CRM] })
})
after(() => server.close())

/** Whether a socket.io client sending `origin` (none: not a browser) gets connected. */
function socketConnects(origin?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = io(server.url, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(origin ? { extraHeaders: { origin } } : {}),
    })
    const done = (connected: boolean) => {
      socket.close()
      resolve(connected)
    }
    socket.once('connect', () => done(true))
    socket.once('connect_error', () => done(false))
  })
}

function cspOf(response: Response): Map<string, string> {
  const header = response.headers.get('content-security-policy') ?? ''
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/)
        return [name, values.join(' ')] as [string, string]
      }),
  )
}

describe('security headers', () => {
  it('sends a CSP without inline script or eval, with a style nonce the page carries, and the other headers', async () => {
    for (const path of ['/', '/customer.html', '/crm.html', '/demo/policies.html', '/login']) {
      const response = await fetch(`${server.url}${path}`)
      assert.equal(response.status, 200, path)
      const csp = cspOf(response)
      assert.equal(csp.get('script-src'), "'self'", path)
      assert.equal(csp.get('script-src-attr'), "'none'", path)
      assert.equal(csp.get('object-src'), "'none'", path)
      assert.equal(csp.get('frame-ancestors'), `'self' ${CRM}`, path)
      assert.equal(csp.get('report-uri'), '/api/csp-report', path)
      assert.doesNotMatch(response.headers.get('content-security-policy') ?? '', /unsafe-eval|unsafe-inline/)
      const nonce = /'nonce-([^']+)'/.exec(csp.get('style-src') ?? '')?.[1]
      assert.ok(nonce, path)
      const html = await response.text()
      // Every <style> carries this answer's nonce, the meta tag passes it on (FullCalendar), no inline script.
      for (const style of html.match(/<style[^>]*>/g) ?? [])
        assert.ok(style.includes(`nonce="${nonce}"`), path)
      assert.ok(html.includes(`<meta name="csp-nonce" content="${nonce}" />`), path)
      for (const script of html.match(/<script[^>]*>/g) ?? []) assert.match(script, /\ssrc=/, path)
      assert.doesNotMatch(html, /\son[a-z]+\s*=/i, path)
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer')
      // Plain http here: no HSTS (it would pin a host without TLS).
      assert.equal(response.headers.get('strict-transport-security'), null)
    }
    const again = cspOf(await fetch(`${server.url}/`)).get('style-src')
    const first = cspOf(await fetch(`${server.url}/`)).get('style-src')
    assert.notEqual(again, first, 'a new nonce per answer')
  })

  it("lets the virtual background's worker alone compile WebAssembly ('wasm-unsafe-eval', never 'unsafe-eval')", async () => {
    const worker = cspOf(await fetch(`${server.url}/dist/cdn/virtual-background/worker.js`))
    assert.equal(worker.get('script-src'), "'self' 'wasm-unsafe-eval'")
    assert.equal(worker.get('object-src'), "'none'")
    for (const path of [
      '/',
      '/dist/cdn/index.js',
      '/dist/cdn/virtual-background/worker.js.map',
      '/dist/cdn/x/virtual-background/worker.js',
    ])
      assert.equal(cspOf(await fetch(`${server.url}${path}`)).get('script-src'), "'self'", path)
  })

  it('sends HSTS behind TLS (PUBLIC_URL https)', async () => {
    const tls = await TestServer.start({ publicUrl: 'https://console.example.test' })
    try {
      const response = await fetch(`${tls.url}/version.txt`)
      assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=31536000/)
    } finally {
      await tls.close()
    }
  })

  it('takes CSP violation reports', async () => {
    const response = await fetch(`${server.url}/api/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': { 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' },
      }),
    })
    assert.equal(response.status, 204)
    const { body } = await server.http<{ data: { directive: string }[] }>('GET', '/dev/csp-reports')
    assert.ok(body.data.some((report) => report.directive === 'script-src-elem'))
  })
})

describe('origins', () => {
  it('answers CORS for the allowed origins only (API and the bundle)', async () => {
    const allowed = await fetch(`${server.url}/api/public/segments`, { headers: { origin: CRM } })
    assert.equal(allowed.headers.get('access-control-allow-origin'), CRM)
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true')
    const other = await fetch(`${server.url}/api/public/segments`, {
      headers: { origin: 'https://evil.example' },
    })
    assert.equal(other.headers.get('access-control-allow-origin'), null)
    const preflight = await fetch(`${server.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: CRM,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-redirect',
      },
    })
    assert.equal(preflight.headers.get('access-control-allow-origin'), CRM)
    const module = await fetch(`${server.url}/version.txt`, { headers: { origin: CRM } })
    assert.equal(module.headers.get('access-control-allow-origin'), CRM)
  })

  it('lets the socket connect from the allowed origins, its own and non-browsers, and refuses other sites', async () => {
    assert.equal(await socketConnects(), true)
    assert.equal(await socketConnects(CRM), true)
    assert.equal(await socketConnects(server.url), true)
    // The old server accepted any Origin: a page of any site could drive a signed-in agent's socket.
    assert.equal(await socketConnects('https://evil.example'), false)
  })
})

describe('the refresh cookie', () => {
  const login = (headers: Record<string, string>, remember = false) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'bruno@demo.test', password: DEMO_PASSWORD, agreement: true, remember }),
    })
  const cookieOf = (response: Response) =>
    response.headers.getSetCookie().find((c) => /^(__Secure-)?agent_refresh=/.test(c))
  const refresh = (cookie: string, origin?: string) =>
    fetch(`${server.url}/api/auth/refresh-token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-refresh-transport': 'cookie',
        cookie: cookie.split(';')[0] ?? '',
        ...(origin ? { origin } : {}),
      },
      body: '{}',
    })

  it('keeps the refresh token in an HttpOnly SameSite cookie on the auth path when asked, not in the body', async () => {
    const response = await login({ 'x-refresh-transport': 'cookie' })
    const body = (await response.json()) as { accessToken: string; refreshToken?: string }
    assert.ok(body.accessToken)
    assert.equal(body.refreshToken, undefined)
    const cookie = cookieOf(response) ?? ''
    assert.match(cookie, /HttpOnly/i)
    assert.match(cookie, /SameSite=Strict/i)
    assert.match(cookie, /Path=\/api\/auth/)
    // Without remember-me a session cookie; with it, a persistent one.
    assert.doesNotMatch(cookie, /Max-Age/i)
    assert.match(cookieOf(await login({ 'x-refresh-transport': 'cookie' }, true)) ?? '', /Max-Age=\d+/i)

    const renewed = await refresh(cookie)
    assert.equal(renewed.status, 200)
    const next = cookieOf(renewed) ?? ''
    assert.ok(next && next !== cookie)
    // The cookie rotated: the old one is spent.
    assert.equal((await refresh(cookie)).status, 401)
    // A page of another site gets nothing from it (SameSite keeps browsers from sending it; checked here too).
    assert.equal((await refresh(next, 'https://evil.example')).status, 401)

    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: next.split(';')[0] ?? '' },
      body: '{}',
    })
    assert.match(cookieOf(out) ?? '', /Expires=Thu, 01 Jan 1970|Max-Age=0/i)
    assert.equal((await refresh(next)).status, 401)
  })

  it('hands the refresh token in the body to a page on another site (cross-site embedding)', async () => {
    const response = await login({ origin: CRM })
    const body = (await response.json()) as { refreshToken?: string }
    assert.ok(body.refreshToken)
    assert.equal(cookieOf(response), undefined)
  })

  it('marks the cookie Secure behind TLS', async () => {
    const tls = await TestServer.start({ publicUrl: 'https://console.example.test' })
    try {
      const response = await fetch(`${tls.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-refresh-transport': 'cookie' },
        body: JSON.stringify({ email: 'bruno@demo.test', password: DEMO_PASSWORD, agreement: true }),
      })
      assert.match(cookieOf(response) ?? '', /^__Secure-agent_refresh=.*; Secure/)
    } finally {
      await tls.close()
    }
  })
})
