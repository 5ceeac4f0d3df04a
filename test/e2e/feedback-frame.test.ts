// The feedback widget's frame loads from the server the console talks to, whatever host name the agent used
// (issue 69: at 127.0.0.1 it pointed at PUBLIC_URL's localhost and the page's policy blocked it), and from a
// CRM page on an allowed origin (the widget's frame-ancestors name it).
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { collectErrors } from './support/browser'
import { inConsole, signIn } from './support/console-page'
import { startHostSite, type HostSite } from './support/host-page'
import { freshWorld } from './support/world'

/** Opens the feedback widget from the profile menu; returns the frame's address once its form has loaded. */
async function openFeedback(page: Page): Promise<URL> {
  await page.click(inConsole('.bottom-menu a[href="/profile"]'))
  await page.click(inConsole('.profile-menu [data-entry="feedback"]'))
  const frame = page.locator(inConsole('iframe.feedback-frame'))
  await frame.waitFor()
  // The form inside: a blocked frame shows the browser's error page instead, with no such button.
  await page
    .frameLocator(inConsole('iframe.feedback-frame'))
    .getByRole('button', { name: 'Send feedback' })
    .waitFor({ timeout: 15_000 })
  return new URL((await frame.getAttribute('src')) ?? '')
}

describe('the feedback widget’s frame', () => {
  let host: HostSite | undefined
  const world = freshWorld(async () => {
    host = await startHostSite()
    return { ALLOWED_ORIGINS: host.origin }
  })
  afterEach(async () => {
    await host?.close()
    host = undefined
  })

  for (const name of ['127.0.0.1', 'localhost'])
    it(`loads from the console's own server opened at ${name}`, async () => {
      const url = new URL(world.server.url)
      url.hostname = name
      const page = await (await world.newContext()).newPage()
      const errors = collectErrors(page)
      await signIn(page, url.origin, 'ana@demo.test')
      const frame = await openFeedback(page)
      assert.equal(frame.origin, url.origin, 'the frame comes from the host name the agent used')
      assert.equal(frame.pathname, '/feedback.html')
      assert.deepEqual(errors, [])
    })

  it('loads from the console’s server in a CRM page on an allowed origin', async () => {
    const server = world.server.url
    host!.setPage(`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>Acme CRM</title></head>
  <body>
    <agent-console></agent-console>
    <script type="module" src="${server}/dist/cdn/agent-console.js"></script>
  </body>
</html>`)
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await signIn(page, host!.origin, 'ana@demo.test')
    const frame = await openFeedback(page)
    assert.equal(frame.origin, new URL(server).origin, 'the frame comes from the console’s server')
    assert.deepEqual(errors, [])
  })
})
