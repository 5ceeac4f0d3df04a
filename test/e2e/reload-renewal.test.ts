import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Response } from 'playwright-core'
import { freshWorld } from './support/world'
import { collectErrors } from './support/browser'
import { consoleSettled, inConsole, passStartup, signIn } from './support/console-page'

/** Access tokens live 10 s here (15 minutes by default), so that one expires within the test. */
const ACCESS_TOKEN_TTL_MS = 10_000

// Issue 69: each reload of a signed-in console sent about 16 requests that failed with 401 before the
// token was renewed. The reload renews once, first; the requests wait for it.
describe('a reload of a signed-in console whose access token expired', () => {
  const world = freshWorld({ TIMERS: JSON.stringify({ accessTokenTtlMs: ACCESS_TOKEN_TTL_MS }) })

  it('renews once before its requests: the server answers none of them 401', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    const responses: { path: string; status: number }[] = []
    let latestToken = ''
    page.on('response', (response: Response) => {
      const url = new URL(response.url())
      if (!url.pathname.startsWith('/api/')) return
      responses.push({ path: url.pathname, status: response.status() })
      if (/\/api\/auth\/(login|refresh-token)$/.test(url.pathname) && response.ok())
        void response.json().then(
          (body: { accessToken?: string }) => (latestToken = body.accessToken ?? latestToken),
          () => undefined,
        )
    })
    await signIn(page, world.server.url, 'ana@demo.test')
    await consoleSettled(page)
    assert.notEqual(latestToken, '', 'no access token was seen')

    // The last token the page was given has expired: the server refuses it.
    const deadline = Date.now() + ACCESS_TOKEN_TTL_MS + 20_000
    for (;;) {
      const check = await fetch(`${world.server.url}/api/auth/check-token`, {
        headers: { authorization: `Bearer ${latestToken}` },
      })
      if (check.status === 401) break
      assert.ok(Date.now() < deadline, 'the access token never expired')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }

    responses.length = 0
    await page.reload()
    await page.locator(inConsole('dialog.startup[open]')).waitFor()
    await consoleSettled(page)
    const beforeConnect = responses.filter((response) => response.path === '/api/auth/refresh-token')
    assert.equal(beforeConnect.length, 1, `renewals before Connect: ${JSON.stringify(responses)}`)
    await passStartup(page)
    await page.locator(inConsole('.connection-state[data-state="online"]')).waitFor({ state: 'attached' })
    await consoleSettled(page)

    assert.ok(responses.length > 1, 'the reload made no request')
    assert.deepEqual(
      responses.filter((response) => response.status === 401),
      [],
      'requests refused with 401 during the reload',
    )
    assert.deepEqual(
      errors.filter((error) => /401/.test(error)),
      [],
    )
  })
})
