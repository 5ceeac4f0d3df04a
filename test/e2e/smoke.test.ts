import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser } from 'playwright-core'
import { startServer, type RunningServer } from './support/server'
import { collectErrors, launchBrowser } from './support/browser'

describe('the demo page', () => {
  let server: RunningServer
  let browser: Browser

  before(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('renders the console shell with no error in the browser console', async () => {
    const page = await browser.newPage({ locale: 'en-US' })
    const errors = collectErrors(page)
    await page.goto(server.url)
    const root = page.locator('agent-console .agent-root')
    await root.waitFor({ state: 'visible', timeout: 15_000 })
    assert.ok((await root.textContent())?.trim(), 'the shell rendered no text')
    assert.deepEqual(errors, [])
  })

  it('serves /version.txt uncached', async () => {
    const response = await fetch(`${server.url}/version.txt`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('cache-control'), 'no-cache')
    assert.ok((await response.text()).trim().length > 0)
  })
})
