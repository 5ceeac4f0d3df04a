import { beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { open, readFile } from 'node:fs/promises'
import { deflateSync } from 'node:zlib'
import CRC32 from 'crc-32'
import type { Page } from 'playwright-core'
import type { SavedFile } from '../../src/protocol'
import type { RunningServer } from './support/server'
import {
  agentOnline,
  customerCalls,
  customerScreen,
  inConsole,
  type WatchedPage,
} from './support/console-page'
import { freshWorld } from './support/world'

const crc = (bytes: Uint8Array) => CRC32.buf(bytes) >>> 0

/** A real PNG (an RGB gradient), so the agent's preview has something to decode. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc(height * (width * 3 + 1))
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([x * 4, y * 5, 128], y * (width * 3 + 1) + 1 + x * 3)
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Fills bytes at a file offset with a cheap deterministic pattern (run in the page and here alike). */
const PATTERN_SOURCE =
  'for (let i = 0; i < bytes.length; i++) bytes[i] = Math.imul(offset + i, 2654435761) >>> 24'

/** CRC-32 of the pattern file of `size` bytes, computed here a MiB at a time. */
function patternCrc(size: number): number {
  const fill = new Function('bytes', 'offset', PATTERN_SOURCE) as (bytes: Uint8Array, offset: number) => void
  let value = 0
  for (let offset = 0; offset < size; offset += 1 << 20) {
    const part = new Uint8Array(Math.min(1 << 20, size - offset))
    fill(part, offset)
    value = CRC32.buf(part, value)
  }
  return value >>> 0
}

/** Answers the ringing call from the inbound modal and waits for the call area. */
async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: 30_000 })
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
}

/** Opens a view, connects its channel, and waits until the customer is connected on it. */
async function connectView(agent: Page, customer: Page, view: 'fileshare' | 'capture'): Promise<void> {
  await agent.click(inConsole(`.menu-${view}`))
  await agent.locator(inConsole(`.call-view[data-view="${view}"] .beamport-open`)).click({ timeout: 10_000 })
  await agent.locator(inConsole('.beamport-state[data-phase="open"]')).waitFor({ timeout: 30_000 })
  const channel = view === 'fileshare' ? 'files' : 'capture'
  await customer.waitForFunction(
    (wanted) => window.customerState.channels.some((key) => key.endsWith(`|${wanted}`)),
    channel,
    { timeout: 30_000 },
  )
}

/** The agent's row of a file, by name (and state). */
const fileRow = (page: Page, name: string, state?: string) =>
  page
    .locator(inConsole(state ? `.file-item[data-state="${state}"]` : '.file-item'))
    .filter({ has: page.locator('.file-name', { hasText: name }) })

/**
 * Waits for `what`, and when it times out says what each side saw: the agent's rows and channel, the
 * customer's files and channels, and the last lines both pages logged (`logs`).
 */
async function seen<T>(what: Promise<T>, agent: Page, customer: Page, logs: string[]): Promise<T> {
  try {
    return await what
  } catch (error) {
    const saw = {
      rows: await agent
        .locator(inConsole('.file-item'))
        .evaluateAll((rows) =>
          rows.map(
            (row) =>
              `${row.querySelector('.file-name')?.textContent}: ${(row as HTMLElement).dataset.state} ${row.querySelector('.transfer-bytes')?.textContent ?? ''} ${row.querySelector('.file-error')?.textContent ?? ''}`,
          ),
        ),
      phase: await agent
        .locator(inConsole('.beamport-state'))
        .getAttribute('data-phase')
        .catch(() => null),
      customer: await customer.evaluate(() => ({
        screen: window.customerState.screen,
        channels: window.customerState.channels,
        files: window.customerState.files.map((file) => JSON.stringify(file)),
      })),
    }
    throw new Error(
      `${(error as Error).message}\nseen: ${JSON.stringify(saw)}\nlogs:\n${logs.slice(-40).join('\n')}`,
      { cause: error },
    )
  }
}

/** Keeps what two pages log, each line named by its page, for a failure to show. */
function pageLogs(pages: Record<string, Page>): string[] {
  const logs: string[] = []
  for (const [who, page] of Object.entries(pages))
    page.on('console', (message) => logs.push(`${who}: ${message.text()}`.slice(0, 300)))
  return logs
}

/** What the server keeps for a call (dev endpoint): its saved files. */
async function savedFiles(server: RunningServer, callId: string): Promise<SavedFile[]> {
  const response = await fetch(`${server.url}/api/dev/calls/${callId}`)
  assert.equal(response.status, 200)
  return ((await response.json()) as { files: SavedFile[] }).files
}

describe('files and screen captures in a call, peer to peer', () => {
  // Each test its own server, database and browser contexts (the agent's and the customer's).
  const world = freshWorld({ TIMERS: JSON.stringify({ ringTimeoutMs: 60_000 }) })
  let agent: WatchedPage
  let customer: WatchedPage

  beforeEach(async () => {
    agent = await agentOnline(await world.newContext(), world.server, 'ana@demo.test')
    customer = await customerCalls(await world.newContext(), world.server, 'Support', 'Carmen')
    await answer(agent.page)
    await customerScreen(customer.page, 'call')
  })

  it('moves files both ways, previews, saves with the same bytes on the server, and takes captures', async () => {
    const { page: a } = agent
    const { page: c } = customer
    const callId = await c.evaluate(() => window.customerState.callId as string)
    const logs = pageLogs({ agent: a, customer: c })
    await connectView(a, c, 'fileshare')

    // The customer sends a 5 MiB document and a PNG.
    const contract = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * 1024 * 1024 - 9)])
    const photo = png(160, 120)
    await c.setInputFiles('#file-input', [
      { name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract },
      { name: 'photo.png', mimeType: 'image/png', buffer: photo },
    ])
    await seen(fileRow(a, 'contract.pdf', 'received').waitFor({ timeout: 60_000 }), a, c, logs)
    await seen(fileRow(a, 'photo.png', 'received').waitFor({ timeout: 30_000 }), a, c, logs)

    // The agent previews the PNG: decoded in the page, full size.
    await fileRow(a, 'photo.png').locator('.file-preview').click()
    const preview = a.locator(inConsole('.file-preview-dialog .preview-image'))
    await preview.waitFor({ timeout: 10_000 })
    await a.waitForFunction(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 160,
      await preview.elementHandle(),
      { timeout: 10_000 },
    )
    await a.screenshot({ path: '/tmp/files-agent-preview.png' })
    await a.click(inConsole('.preview-close'))

    // It saves both; the server holds the very same bytes (same size and CRC-32).
    await fileRow(a, 'contract.pdf').locator('.file-save').click()
    await fileRow(a, 'contract.pdf').locator('.file-saved').waitFor({ timeout: 60_000 })
    await fileRow(a, 'photo.png').locator('.file-save').click()
    await fileRow(a, 'photo.png').locator('.file-saved').waitFor({ timeout: 30_000 })
    const saved = await savedFiles(world.server, callId)
    assert.deepEqual(saved.map((file) => [file.name, file.type, file.size, file.crc32]).sort(), [
      ['contract.pdf', 'application/pdf', contract.length, crc(contract)],
      ['photo.png', 'image/png', photo.length, crc(photo)],
    ])
    await a.screenshot({ path: '/tmp/files-agent-saved.png' })

    // The agent sends a file back; the customer downloads it.
    const guide = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)])
    await a.setInputFiles(inConsole('.file-drop input[type=file]'), {
      name: 'guide.pdf',
      mimeType: 'application/pdf',
      buffer: guide,
    })
    await fileRow(a, 'guide.pdf', 'sent').waitFor({ timeout: 30_000 })
    const link = c.locator('#files a.file-download', { hasText: 'guide.pdf' })
    await link.waitFor({ timeout: 10_000 })
    const [download] = await Promise.all([c.waitForEvent('download'), link.click()])
    assert.equal(download.suggestedFilename(), 'guide.pdf')
    assert.equal(crc(await readFile((await download.path()) as string)), crc(guide))
    await c.screenshot({ path: '/tmp/files-customer.png' })

    // Two captures of the customer's screen: the first asks the customer, the second only after the lock.
    await connectView(a, c, 'capture')
    const shot = a.locator(inConsole('.capture-shot'))
    await shot.click()
    await c.locator('#capture-prompt:not([hidden])').waitFor({ timeout: 10_000 })
    await c.click('#capture-allow')
    await a
      .locator(inConsole('.capture-card[data-state="received"] img'))
      .first()
      .waitFor({ timeout: 30_000 })
    await a.waitForFunction(
      () => {
        const root = document.querySelector('agent-console')?.shadowRoot
        // Locked with aria-disabled (it keeps the keyboard focus through the lock).
        return root?.querySelector('.capture-shot')?.getAttribute('aria-disabled') === 'false'
      },
      null,
      { timeout: 10_000 },
    )
    // The shot locks the button for 1 s (and until the image comes): the page records the lock as it
    // happens, since a test process kept off the CPU that long would read the button after the lock.
    await shot.evaluate((button) => {
      const seen = { locked: false }
      ;(window as Window & { captureLock?: typeof seen }).captureLock = seen
      new MutationObserver(() => (seen.locked ||= button.getAttribute('aria-disabled') === 'true')).observe(
        button,
        { attributes: true, attributeFilter: ['aria-disabled'] },
      )
    })
    await shot.click()
    await a.waitForFunction(
      () => (window as Window & { captureLock?: { locked: boolean } }).captureLock?.locked === true,
      null,
      { timeout: 10_000 },
    )
    await a.waitForFunction(
      () =>
        (document
          .querySelector('agent-console')
          ?.shadowRoot?.querySelectorAll('.capture-card[data-state="received"]').length ?? 0) === 2,
      null,
      { timeout: 30_000 },
    )
    assert.equal(await c.locator('#capture-prompt').isHidden(), true)
    assert.match(
      (await c.locator('#capture-notice').textContent()) ?? '',
      /The agent took a capture of your screen/,
    )
    assert.equal(await c.evaluate(() => window.customerState.captures), 2)
    await a.screenshot({ path: '/tmp/files-agent-gallery.png' })

    const first = a.locator(inConsole('.capture-card')).first()
    await first.locator('.file-save').click()
    await first.locator('.file-saved').waitFor({ timeout: 30_000 })
    const withCapture = await savedFiles(world.server, callId)
    assert.equal(withCapture.length, 3)
    assert.equal(
      withCapture.filter((file) => file.type === 'image/png' && /^screen-/.test(file.name)).length,
      1,
    )

    assert.deepEqual(agent.errors, [])
    assert.deepEqual(customer.errors, [])
  })

  it('carries a transfer through a network cut on the customer (CDP offline): it resumes, or fails with a clear message', async () => {
    const { page: a } = agent
    const { page: c } = customer
    await connectView(a, c, 'fileshare')
    // A large file made in the customer's page (a pattern both sides can compute), picked as a user would.
    const size = 128 * 1024 * 1024
    await c.evaluate(
      ({ size, source }) => {
        const fill = new Function('bytes', 'offset', source) as (bytes: Uint8Array, offset: number) => void
        const parts: Uint8Array<ArrayBuffer>[] = []
        for (let offset = 0; offset < size; offset += 1 << 20) {
          const part = new Uint8Array(Math.min(1 << 20, size - offset))
          fill(part, offset)
          parts.push(part)
        }
        const chosen = new DataTransfer()
        chosen.items.add(new File(parts, 'scan.pdf', { type: 'application/pdf' }))
        const input = document.getElementById('file-input') as HTMLInputElement
        input.files = chosen.files
        input.dispatchEvent(new Event('change'))
      },
      { size, source: PATTERN_SOURCE },
    )
    await a.waitForFunction(
      () => {
        const row = document
          .querySelector('agent-console')
          ?.shadowRoot?.querySelector('.file-item[data-state="receiving"] .transfer-bytes')
        return !!row && !/^0 byte/.test(row.textContent ?? '')
      },
      null,
      { timeout: 60_000 },
    )

    // The pages' own words about their links, for the failure message below.
    const logs: string[] = []
    for (const [who, page] of [
      ['agent', a],
      ['customer', c],
    ] as const)
      page.on('console', (message) => logs.push(`${who}: ${message.text()}`.slice(0, 300)))
    const cdp = await c.context().newCDPSession(c)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    // The customer's page drops its link (the browser said offline): the console hears the customer left
    // and the channel closes (unless the file made it before the drop was noticed).
    const finished = a
      .locator(inConsole('.file-item:is([data-state="received"], [data-state="failed"])'))
      .filter({ has: a.locator('.file-name', { hasText: 'scan.pdf' }) })
    await Promise.race([
      a.locator(inConsole('.beamport-state[data-phase="waiting"]')).waitFor({ timeout: 90_000 }),
      finished.waitFor({ timeout: 90_000 }),
    ])
    const cut = await a.locator(inConsole('.beamport-state[data-phase="waiting"]')).count()
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    const row = fileRow(a, 'scan.pdf')
    await finished.waitFor({ timeout: 120_000 }).catch(async (error: Error) => {
      // What each side saw, so a failure says where the transfer stopped.
      const seen = {
        row: await row.getAttribute('data-state'),
        bytes: await row.locator('.transfer-bytes').textContent(),
        phase: await a.locator(inConsole('.beamport-state')).getAttribute('data-phase'),
        customer: await c.evaluate(() => ({
          screen: window.customerState.screen,
          channels: window.customerState.channels,
          files: window.customerState.files.map((file) => JSON.stringify(file)),
        })),
      }
      throw new Error(`${error.message}\nseen: ${JSON.stringify(seen)}\nlogs:\n${logs.slice(-40).join('\n')}`)
    })
    const state = await row.getAttribute('data-state')
    if (state === 'failed')
      assert.equal(
        (await row.locator('.file-error').textContent())?.trim(),
        'The connection was lost before the file was complete.',
      )
    else {
      // Resumed: the whole file, byte for byte. The agent downloads it as a person would (the page's CSP
      // lets no script fetch its object URL), and its CRC-32 is computed here, 4 MiB at a time.
      const download = a.waitForEvent('download', { timeout: 60_000 })
      await row.locator('.file-download').click()
      const file = await open((await (await download).path()) as string)
      let crc = 0
      let read = 0
      try {
        const buffer = Buffer.alloc(4 << 20)
        for (;;) {
          const { bytesRead } = await file.read(buffer, 0, buffer.length, read)
          if (bytesRead === 0) break
          crc = CRC32.buf(buffer.subarray(0, bytesRead), crc)
          read += bytesRead
        }
      } finally {
        await file.close()
      }
      const received = { size: read, crc: crc >>> 0 }
      assert.deepEqual(received, { size, crc: patternCrc(size) })
    }
    console.log(
      cut
        ? `the cut closed the channel; the transfer ${state === 'received' ? 'resumed' : 'failed clearly'}`
        : `the file arrived before the cut was noticed (${state})`,
    )
  })
})
