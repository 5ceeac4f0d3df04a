// Calls of the real console (demo/index.html) and the real customer page (/customer.html) across the
// network lab: each side's Chromium in its own namespace, the reference server in the public one.
// What a test reads is what a user or the signalling sees: the pages' words, their video frames, the
// WebSocket frames a page received.
import assert from 'node:assert/strict'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { collectErrors } from './browser'
import { agentOnline, customerScreen, inConsole, type WatchedPage } from './console-page'
import type { Lab, LabHost } from './net-lab'
import type { RunningServer } from './server'

/** How long any Playwright wait of a lab call may take unless it says otherwise. */
const WAIT_MS = 30_000

/** The agent's main video in the console, and the customer page's video of the agent. */
export const AGENT_SEES = inConsole('.main-video video')
export const CUSTOMER_SEES = '#remote-videos video'

/** Browsers of a lab by host namespace (one Chromium per machine), and the contexts opened in them. */
export interface LabCalls {
  /** The server of the current test (`start` puts it here). */
  server: RunningServer
  /** Starts the test's server with `env` (after stopping the previous one). */
  start(env: Record<string, string>): Promise<RunningServer>
  /** Signs an agent in from `host` and makes them available. */
  agentOnline(host: LabHost, email: string): Promise<WatchedPage>
  /** Opens the customer page on `host` and calls `segment` under `name`; resolves once queued. */
  customerCalls(host: LabHost, segment: string, name: string): Promise<WatchedPage>
  /** Text of every WebSocket frame a page of these contexts received, from its first one. */
  received(page: Page): string[]
  /** The offers, answers and restart requests a page of these contexts sent and received, timed. */
  negotiation(page: Page): Negotiation[]
  /** Closes every context opened since the last call (each test's pages). */
  closeContexts(): Promise<void>
}

/** The calls of one lab: browsers are launched per machine once, contexts per test. */
export function labCalls(lab: Lab): LabCalls {
  const browsers = new Map<string, Promise<Browser>>()
  let contexts: BrowserContext[] = []
  const frames = new WeakMap<Page, string[]>()
  const negotiations = new WeakMap<Page, Negotiation[]>()
  const context = async (host: LabHost, bypassCSP: boolean) => {
    if (!browsers.has(host.ns)) browsers.set(host.ns, lab.browser(host))
    const opened = await (
      await browsers.get(host.ns)!
    ).newContext({
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
      bypassCSP,
    })
    // Recorded from the page's creation: its sockets open while it loads.
    opened.on('page', (page) => {
      frames.set(page, recordReceived(page))
      negotiations.set(page, recordNegotiation(page))
    })
    opened.setDefaultTimeout(WAIT_MS)
    opened.setDefaultNavigationTimeout(WAIT_MS)
    contexts.push(opened)
    return opened
  }
  const calls: LabCalls = {
    server: undefined as unknown as RunningServer,
    async start(env) {
      calls.server = await lab.startServer(env)
      return calls.server
    },
    async agentOnline(host, email) {
      return agentOnline(await context(host, false), calls.server, email)
    },
    async customerCalls(host, segment, name) {
      const { data } = await lab.fetchJson<{ data: { id: string; name: string }[] }>('/api/public/segments')
      const id = data.find((item) => item.name === segment)?.id
      assert.ok(id, `no segment ${segment}`)
      // The page's CSP forbids the evaluation Playwright's waits use.
      const page = await (await context(host, true)).newPage()
      const errors = collectErrors(page)
      await page.goto(`${calls.server.url}/customer.html?segment=${id}`)
      await page.fill('input[name=name]', name)
      await page.click('#call-button')
      await customerScreen(page, 'queue')
      return { page, errors }
    },
    received(page) {
      const list = frames.get(page)
      assert.ok(list, 'a page of another context')
      return list
    },
    negotiation(page) {
      const list = negotiations.get(page)
      assert.ok(list, 'a page of another context')
      return list
    },
    async closeContexts() {
      const closing = contexts
      contexts = []
      await Promise.all(closing.map((opened) => opened.close()))
    },
  }
  return calls
}

/** Answers the ringing call from the inbound modal and waits for the call area. */
export async function answer(page: Page): Promise<void> {
  await page.locator(inConsole('dialog.inbound-modal[open]')).waitFor({ timeout: WAIT_MS })
  await page.click(inConsole('.answer-button'))
  await page.locator(inConsole('.call-area')).waitFor({ timeout: 20_000 })
}

/** The console's media path notice under the agent's main video, and the customer page's. */
export const AGENT_NOTICE = inConsole('.main-video .media-path-region')
export const CUSTOMER_NOTICE = '#media-path-status'

/** Finds an element from a selector that may start in the console's shadow root (page-side source). */
const findSource = (selector: string) => `(() => {
  const root = ${selector.startsWith('agent-console ') ? "document.querySelector('agent-console')?.shadowRoot" : 'document'}
  return root ? root.querySelector(${JSON.stringify(selector.replace(/^agent-console /, ''))}) : null
})`

/**
 * Records, in the page, when each new frame of the remote video (`video`) is decoded, and each
 * change of the words of the media notice (`notice`), every 50 ms. Both elements are found afresh at
 * every look (a renegotiation may replace the video). Frames counted with `getVideoPlaybackQuality`;
 * `frameGap`, `frameAfter` and `noticesSeen` read the record.
 */
export async function watchMedia(page: Page, video: string, notice: string): Promise<void> {
  // Source text: the test's TypeScript transform would add helpers the page lacks.
  await page.evaluate(`(() => {
    const findVideo = ${findSource(video)}
    const findNotice = ${findSource(notice)}
    const record = { times: [], notices: [], noticeTimes: [], element: null, count: 0 }
    window.labFrames = record
    setInterval(() => {
      const words = (findNotice()?.textContent ?? '').trim()
      if (words !== (record.notices[record.notices.length - 1] ?? '')) {
        record.notices.push(words)
        record.noticeTimes.push(Date.now())
      }
      const element = findVideo()
      if (!(element instanceof HTMLVideoElement)) return
      const count = element.getVideoPlaybackQuality().totalVideoFrames
      if (element !== record.element || count < record.count) {
        record.element = element
        record.count = count
        return
      }
      if (count > record.count) record.times.push(Date.now())
      record.count = count
    }, 50)
  })()`)
}

/** The words the media notice said since `watchMedia`, in order ('' when it said nothing). */
export async function noticesSeen(page: Page): Promise<string[]> {
  return (await page.evaluate('window.labFrames.notices')) as string[]
}

/** When the media notice changed since `since` (epoch ms), and to what, as short words. */
export async function noticeTimeline(page: Page, since: number): Promise<string> {
  const { notices, noticeTimes } = (await page.evaluate('window.labFrames')) as {
    notices: string[]
    noticeTimes: number[]
  }
  return notices
    .map((words, index) => [noticeTimes[index] ?? 0, words] as const)
    .filter(([at]) => at >= since)
    .map(([at, words]) => `${at - since}ms notice ${JSON.stringify(words)}`)
    .join(', ')
}

/**
 * The longest time without a new remote frame between `from` and `to` (epoch ms), including the stretch
 * before the first frame and after the last: how long the picture stood still.
 */
export async function frameGap(page: Page, from: number, to: number): Promise<number> {
  const times = (await page.evaluate('window.labFrames.times')) as number[]
  let last = from
  let gap = 0
  for (const time of times) {
    if (time < from || time > to) continue
    gap = Math.max(gap, time - last)
    last = time
  }
  return Math.max(gap, to - last)
}

/** Waits until the remote video has shown a new frame after `since` (epoch ms); resolves with its time. */
export async function frameAfter(page: Page, since: number, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    (after) =>
      (window as unknown as { labFrames: { times: number[] } }).labFrames.times.find(
        (time) => time > after,
      ) ?? false,
    since,
    { timeout: timeoutMs, polling: 100 },
  )
  return (await handle.jsonValue()) as number
}

/**
 * Collects the text of every WebSocket frame the page receives (socket.io's, with the signalling in
 * them): what the other side's browser sent through the server is all there.
 */
export function recordReceived(page: Page): string[] {
  const frames: string[] = []
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') frames.push(payload)
    }),
  )
  return frames
}

/** An offer, answer or restart request a page sent or received through the server, and when. */
export interface Negotiation {
  at: number
  way: 'sent' | 'received'
  kind: 'offer' | 'answer' | 'restart'
}

/**
 * Records the negotiation a page's sockets carry (offers, answers, ICE restart requests), each with its
 * time: a slow recovery's failure says which step took the time.
 */
export function recordNegotiation(page: Page): Negotiation[] {
  const list: Negotiation[] = []
  const note =
    (way: Negotiation['way']) =>
    ({ payload }: { payload: string | Buffer }) => {
      if (typeof payload !== 'string') return
      const kind = /\\?"type\\?":\\?"(offer|answer|renegotiate)\\?"/.exec(payload)?.[1]
      if (kind)
        list.push({
          at: Date.now(),
          way,
          kind: kind === 'renegotiate' ? 'restart' : (kind as 'offer' | 'answer'),
        })
    }
  page.on('websocket', (socket) => {
    socket.on('framereceived', note('received'))
    socket.on('framesent', note('sent'))
  })
  return list
}

/** A negotiation from `since` on, as short words with times relative to it (for a failure's message). */
export function negotiationSince(list: Negotiation[], since: number): string {
  return list
    .filter((step) => step.at >= since)
    .map((step) => `${step.at - since}ms ${step.way} ${step.kind}`)
    .join(', ')
}

/** The ICE candidates (`candidate:…` lines) among received frames. */
export function candidatesIn(frames: string[]): string[] {
  return frames.flatMap((frame) => frame.match(/candidate:[^"\\]+/g) ?? [])
}

/** The `typ` of a candidate line (host, srflx, prflx, relay). */
export function candidateType(line: string): string {
  return / typ (\w+)/.exec(line)?.[1] ?? 'unknown'
}

/** The media path of the customer's page to the agent: its state and what carries it. */
export async function customerPath(page: Page): Promise<{
  state: string
  candidateType: string | null
  relayProtocol: string | null
  framesDecoded: number
} | null> {
  return page.evaluate(() => Object.values(window.customerState.media)[0] ?? null)
}

/** The console's quality indicator, as its data attributes say it. */
export async function agentIndicator(page: Page): Promise<Record<string, string>> {
  return page
    .locator(inConsole('.call-header .media-quality'))
    .evaluate((element) => ({ ...(element as HTMLElement).dataset }) as Record<string, string>)
}
