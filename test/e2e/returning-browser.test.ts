// The console as a returning browser loads it from the reference server (the real dist/cdn/ of the build,
// with its Brotli copies): the first visit gets every script Brotli-compressed, and a later visit, after the
// server restarted, gets the hashed chunks from its cache without asking and the page and entries as 304s.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { collectErrors, launchBrowser } from './support/browser'
import { inConsole } from './support/console-page'
import { startServer, type RunningServer } from './support/server'

/** One response of the server's origin, as Chromium's network layer saw it. */
interface Seen {
  url: string
  /** The status on the wire: 304 for a revalidation (the page then gets its stored copy, as a 200). */
  status: number
  fromCache: boolean
  encoding: string | undefined
  cacheControl: string | undefined
  /** Bytes on the wire (headers and body), once loaded. */
  bytes: number
}

/** Records what a page's loads cost on the network (Chrome DevTools Protocol). */
async function recordNetwork(context: BrowserContext, page: Page, origin: string) {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const byId = new Map<string, Seen>()
  const wireStatus = new Map<string, number>()
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    wireStatus.set(requestId, statusCode)
    const seen = byId.get(requestId)
    if (seen) seen.status = statusCode
  })
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!response.url.startsWith(origin)) return
    const header = (name: string) =>
      Object.entries(response.headers).find(([key]) => key.toLowerCase() === name)?.[1] as string | undefined
    byId.set(requestId, {
      url: response.url.slice(origin.length),
      status: wireStatus.get(requestId) ?? response.status,
      fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache),
      encoding: header('content-encoding'),
      cacheControl: header('cache-control'),
      bytes: 0,
    })
  })
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const seen = byId.get(requestId)
    if (seen) seen.bytes = encodedDataLength
  })
  return () => [...byId.values()]
}

/** Opens the console and waits until its login screen is there and the network is quiet. */
async function openLogin(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator(inConsole('input[name=email]')).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
}

const isBundle = (seen: Seen) => seen.url.startsWith('/dist/cdn/')
const isChunk = (seen: Seen) => seen.url.startsWith('/dist/cdn/chunks/')

describe('the console in a returning browser', () => {
  let server: RunningServer | undefined
  let browser: Browser
  before(async () => {
    browser = await launchBrowser()
  })
  after(async () => {
    await browser.close()
    await server?.stop()
  })

  it('fetches the page and its entries as 304s after a restart, and the hashed chunks not at all', async () => {
    server = await startServer()
    const context = await browser.newContext({ locale: 'en-US' })
    const first = await context.newPage()
    const errors = collectErrors(first)
    const firstVisit = await recordNetwork(context, first, server.url)
    await openLogin(first, server.url)
    const cold = firstVisit()
    const chunks = cold.filter(isChunk)
    assert.ok(chunks.length > 0, JSON.stringify(cold))
    for (const seen of cold.filter(isBundle).filter((file) => file.url.endsWith('.js'))) {
      assert.equal(seen.encoding, 'br', seen.url)
      assert.equal(
        seen.cacheControl,
        isChunk(seen) ? 'public, max-age=31536000, immutable' : 'no-cache',
        seen.url,
      )
    }
    await first.close()

    // The same browser profile, the server restarted on the same port (same origin, same cache).
    const port = server.port
    await server.stop()
    server = await startServer({}, port)
    const again = await context.newPage()
    errors.push(...collectErrors(again))
    const secondVisit = await recordNetwork(context, again, server.url)
    await openLogin(again, server.url)
    const warm = secondVisit()
    for (const seen of warm.filter(isChunk)) assert.ok(seen.fromCache, `${seen.url} asked again`)
    for (const seen of warm.filter((file) => isBundle(file) && !isChunk(file) && !file.fromCache))
      assert.equal(seen.status, 304, seen.url)
    const page = warm.find((seen) => seen.url === '/')
    assert.equal(page?.status, 304, JSON.stringify(page))
    const files = warm.filter((seen) => !seen.url.startsWith('/api/') && !seen.url.startsWith('/ws'))
    const bytes = files.reduce((sum, seen) => sum + (seen.fromCache ? 0 : seen.bytes), 0)
    // Each 304 is headers only (about 0.6 KB with the security headers): the first visit moved ~100 KB.
    assert.ok(bytes < 10 * 1024, `${bytes} bytes: ${JSON.stringify(files)}`)
    assert.deepEqual(errors, [])
    await context.close()
  })
})
