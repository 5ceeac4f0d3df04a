import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { after, afterEach, before, describe, it, type TestContext } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { distSnapshot, inConsole, customerScreen, playsFrames } from './support/console-page'
import {
  AGENT_SEES,
  CUSTOMER_SEES,
  agentIndicator,
  answer,
  candidateType,
  candidatesIn,
  customerPath,
  frameAfter,
  frameGap,
  labCalls,
  watchMedia,
  noticesSeen,
  noticeTimeline,
  negotiationSince,
  AGENT_NOTICE,
  CUSTOMER_NOTICE,
  type LabCalls,
} from './support/lab-call'
import { connectPeers, labPeer, type LabPeer } from './support/lab-peer'
import { LAB_LOGS } from './support/lab-turn'
import { labSkipReason, startLab, type IceChoice, type Lab } from './support/net-lab'
import type { RunningServer } from './support/server'

const skip = labSkipReason() ?? false

/** How long two bare peers get to connect where they can (through the relay: about 1 s in the lab). */
const CONNECT_MS = 20_000
/**
 * How long two peers that cannot connect are watched not connecting: fifteen times what the relay
 * takes, and as long as Chromium's ICE takes to give up (`failed`) when pairs exist but none answers.
 */
const NEVER_MS = 15_000

describe('the network lab itself: bare peer connections behind two symmetric NATs', { skip }, () => {
  let lab: Lab
  let agentBrowser: Browser
  let customerBrowser: Browser

  before(async () => {
    lab = await startLab('bare-peers')
    ;[agentBrowser, customerBrowser] = await Promise.all([lab.browser(lab.agent), lab.browser(lab.customer)])
  })
  after(async () => {
    await lab?.close()
  })

  /** A page on each side with a peer connection given these ICE servers (the agent's may differ). */
  async function peers(customerIce: IceChoice[], agentIce = customerIce) {
    const config = (choices: IceChoice[]) => ({
      iceServers: choices.flatMap((choice) => lab.iceServers(choice)),
    })
    const [agentPage, customerPage] = await Promise.all(
      [agentBrowser, customerBrowser].map(async (browser) => (await browser.newContext()).newPage()),
    )
    return {
      agent: await labPeer(agentPage!, config(agentIce)),
      customer: await labPeer(customerPage!, config(customerIce)),
    }
  }

  /** What a side gathered and went through, for a failure's reader. */
  async function story(side: LabPeer): Promise<string> {
    return `states ${(await side.states()).join('→')}; gathered ${(await side.gathered()).join(' ')}`
  }

  /** Connects the agent (offering) and the customer, and asserts both get `connected`. */
  async function connect(t: TestContext, agent: LabPeer, customer: LabPeer): Promise<void> {
    const states = await connectPeers(agent, customer, CONNECT_MS)
    assert.deepEqual(
      { agent: states.offerer, customer: states.answerer },
      { agent: 'connected', customer: 'connected' },
      `agent: ${await story(agent)}. customer: ${await story(customer)}`,
    )
    t.diagnostic(`connected ${states.ms} ms after the offer, pair ${JSON.stringify(await agent.selected())}`)
  }

  /** Watches the two sides not connecting for NEVER_MS, and asserts neither ever was `connected`. */
  async function neverConnect(t: TestContext, agent: LabPeer, customer: LabPeer): Promise<void> {
    const states = await connectPeers(agent, customer, NEVER_MS)
    for (const side of [agent, customer])
      assert.ok(!(await side.states()).includes('connected'), `connected: ${await story(side)}`)
    t.diagnostic(`after ${states.ms} ms: agent ${await story(agent)}; customer ${await story(customer)}`)
  }

  /** Both sides exchange a message over the data channel: the path carries data both ways. */
  async function exchange(agent: LabPeer, customer: LabPeer): Promise<void> {
    await agent.send('from the agent')
    await customer.send('from the customer')
    const received = async (side: LabPeer, text: string) => {
      const deadline = Date.now() + 5_000
      while (!(await side.messages()).includes(text)) {
        assert.ok(Date.now() < deadline, `${text} not received within 5 s`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    await Promise.all([received(customer, 'from the agent'), received(agent, 'from the customer')])
  }

  /** Closes the pages' contexts (their peer connections with them). */
  async function done(...sides: LabPeer[]): Promise<void> {
    await Promise.all(sides.map((side) => side.page.context().close()))
  }

  it('without ICE servers, never connects', async (t) => {
    const { agent, customer } = await peers(['none'])
    await neverConnect(t, agent, customer)
    await done(agent, customer)
  })

  it('with STUN only, learns its public address but never connects: the NATs are symmetric', async (t) => {
    const { agent, customer } = await peers(['stun'])
    await neverConnect(t, agent, customer)
    // STUN itself works (each side learns a server-reflexive address), yet no pair of them gets through.
    assert.ok((await agent.gathered()).includes('srflx/udp'), await story(agent))
    assert.ok((await customer.gathered()).includes('srflx/udp'), await story(customer))
    await done(agent, customer)
  })

  it('with TURN, connects through the relay and carries data', async (t) => {
    const { agent, customer } = await peers(['turn'])
    await connect(t, agent, customer)
    // One relay is enough: TURN permissions are per address, not port, so a side may reach the other's
    // relay straight from its NAT (a local `prflx` candidate). Each side's pair has a relay end.
    for (const side of [agent, customer]) {
      const pair = await side.selected()
      assert.ok(pair?.local === 'relay' || pair?.remote === 'relay', JSON.stringify(pair))
    }
    await exchange(agent, customer)
    await done(agent, customer)
  })

  it('with the agent’s UDP dropped by its firewall, connects through TURN over TCP', async (t) => {
    await lab.network.setEgress(lab.network.routers.a, 'no-udp')
    try {
      const { agent, customer } = await peers(['turn'], ['turn', 'turn-tcp'])
      await connect(t, agent, customer)
      const pair = await agent.selected()
      assert.deepEqual({ local: pair?.local, over: pair?.relayProtocol }, { local: 'relay', over: 'tcp' })
      await exchange(agent, customer)
      await done(agent, customer)
    } finally {
      await lab.network.setEgress(lab.network.routers.a, 'open')
    }
  })

  it('with only TCP 443 open to the agent, connects through TURN over TLS on 443', async (t) => {
    await lab.network.setEgress(lab.network.routers.a, { tcpPorts: [443] })
    try {
      const { agent, customer } = await peers(['turn'], ['turn', 'turn-tcp', 'turns'])
      await connect(t, agent, customer)
      const pair = await agent.selected()
      assert.deepEqual({ local: pair?.local, over: pair?.relayProtocol }, { local: 'relay', over: 'tls' })
      await exchange(agent, customer)
      await done(agent, customer)
    } finally {
      await lab.network.setEgress(lab.network.routers.a, 'open')
    }
  })
})

/** Writes a failed test's server log to test-results/network-lab/ and says where it and coturn's are. */
function keepLogs(testName: string, server: RunningServer, lab: Lab): void {
  mkdirSync(LAB_LOGS, { recursive: true })
  const file = join(LAB_LOGS, `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${Date.now()}-server.log`)
  writeFileSync(file, server.output())
  console.error(`the failed test "${testName}": server log ${file}, coturn log ${lab.turn.logFile}`)
}

/** Servers of the lab's calls ring for 30 s: a loaded machine must not let a ring time out under a test. */
const TIMERS = JSON.stringify({ ringTimeoutMs: 30_000 })

/** How long a media path may take to be `failed` (MEDIA_CONNECT_TIMEOUT_MS is 15 s), with margin. */
const FAILED_WITHIN_MS = 30_000

/** Recovery's bound: media back within 5 s of a network change, as the issue asks. */
const BACK_WITHIN_MS = 5_000

/** The TURN credentials' life of the long call (the least the server accepts), and the call's length. */
const TTL_SECONDS = 60
const LONG_CALL_MS = 180_000
/** The longest still picture a call whose media "never drops" may show (a loaded machine's hiccup). */
const MAX_STILL_MS = 1_500

describe(
  'calls of the console across the lab: agent and customer behind two symmetric NATs',
  { skip },
  () => {
    let lab: Lab
    let calls: LabCalls

    before(async () => {
      lab = await startLab('console-calls')
      calls = labCalls(lab)
    })
    after(async () => {
      await lab?.close()
    })
    afterEach(async (test) => {
      // A failed test leaves its server's log beside coturn's, for whoever reads the failure.
      // (`passed` is Node 20's, not yet in its types.)
      if ((test as { passed?: boolean }).passed === false && calls?.server)
        keepLogs(test.name, calls.server, lab)
      await calls?.closeContexts()
      await lab?.network.setEgress(lab.network.routers.a, 'open')
    })

    /** The server, the agent available, the customer calling and answered: both in the call. */
    async function answeredCall(env: Record<string, string>, customerHost = lab.customer) {
      await calls.start({ DIST_DIR: await distSnapshot(), TIMERS, ...env })
      const agent = await calls.agentOnline(lab.agent, 'ana@demo.test')
      const customer = await calls.customerCalls(customerHost, 'Support', 'Paula Lab')
      const received = { agent: calls.received(agent.page), customer: calls.received(customer.page) }
      await answer(agent.page)
      await customerScreen(customer.page, 'call')
      return { agent, customer, received }
    }

    /** Both sides see the other's video playing, and the customer's page says it goes through a relay. */
    async function bothVideosRelayed(agent: Page, customer: Page): Promise<void> {
      await Promise.all([playsFrames(agent, AGENT_SEES), playsFrames(customer, CUSTOMER_SEES)])
      // Behind two symmetric NATs a direct path cannot exist: each side's selected pair has a relay end.
      await customer.waitForFunction(
        () => Object.values(window.customerState.media)[0]?.candidateType === 'relay',
        undefined,
        { timeout: 10_000 },
      )
      await agent.locator(inConsole('.call-header .media-quality[data-candidate-type="relay"]')).waitFor({
        timeout: 10_000,
      })
    }

    it('without ICE servers: rings and answers, the media never connects, and both sides say so in words', async () => {
      const { agent, customer } = await answeredCall({})
      const notice = agent.page.locator(inConsole('.main-video .media-path[data-state="failed"]'))
      await notice.waitFor({ timeout: FAILED_WITHIN_MS })
      // (The text follows an icon and a space.)
      assert.equal(
        (await notice.innerText()).trim(),
        'The video could not connect: the network between you and Paula Lab blocks it. Still trying. If this keeps happening, ask your administrator to set up a TURN server (a relay for calls).',
      )
      await customer.page.waitForFunction(
        () => Object.values(window.customerState.media)[0]?.state === 'failed',
        undefined,
        { timeout: FAILED_WITHIN_MS },
      )
      assert.equal(
        await customer.page.locator('#media-path-status').innerText(),
        'The video could not connect. The call goes on: you can still write in the chat.',
      )
      // Not a single frame crossed, and the call goes on: chat still works both ways (through the server).
      assert.equal((await customerPath(customer.page))?.framesDecoded, 0)
      await customer.page.fill('#chat-form input', 'I cannot see you')
      await customer.page.press('#chat-form input', 'Enter')
      await agent.page.click(inConsole('.menu-chat'))
      await agent.page.locator(inConsole('.chat-log')).filter({ hasText: 'I cannot see you' }).waitFor()
      assert.equal(await agent.page.locator(inConsole('.call-area')).count(), 1)
      assert.equal(await customer.page.evaluate(() => window.customerState.screen), 'call')
      assert.deepEqual(agent.errors, [])
      assert.deepEqual(customer.errors, [])
    })

    it('with coturn: both videos play through the relay; chat, files and screen captures work', async () => {
      const { agent, customer } = await answeredCall(lab.serverIceEnv())
      const { page: a } = agent
      const { page: c } = customer
      await bothVideosRelayed(a, c)
      assert.match(
        await a.locator(inConsole('.call-header .media-quality-transport')).innerText(),
        /^Through a relay server/,
      )

      await c.fill('#chat-form input', 'Hello through the relay')
      await c.press('#chat-form input', 'Enter')
      await a.click(inConsole('.menu-chat'))
      await a.locator(inConsole('.chat-log')).filter({ hasText: 'Hello through the relay' }).waitFor()

      // Files both ways over the data channel (a relayed path: no other exists between the NATs).
      await a.click(inConsole('.menu-fileshare'))
      await a
        .locator(inConsole('.call-view[data-view="fileshare"] .beamport-open'))
        .click({ timeout: 10_000 })
      await a.locator(inConsole('.beamport-state[data-phase="open"]')).waitFor({ timeout: 30_000 })
      const contract = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * 1024 * 1024)])
      await c.setInputFiles('#file-input', {
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: contract,
      })
      const row = (name: string, state: string) =>
        a
          .locator(inConsole(`.file-item[data-state="${state}"]`))
          .filter({ has: a.locator('.file-name', { hasText: name }) })
      await row('contract.pdf', 'received').waitFor({ timeout: 60_000 })
      const guide = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300_000)])
      await a.setInputFiles(inConsole('.file-drop input[type=file]'), {
        name: 'guide.pdf',
        mimeType: 'application/pdf',
        buffer: guide,
      })
      const link = c.locator('#files a.file-download', { hasText: 'guide.pdf' })
      await link.waitFor({ timeout: 30_000 })
      const [download] = await Promise.all([c.waitForEvent('download'), link.click()])
      assert.ok(
        (await readFile((await download.path()) as string)).equals(guide),
        'the customer got the same bytes',
      )

      // A capture of the customer's screen, asked and allowed.
      await a.click(inConsole('.menu-capture'))
      await a.locator(inConsole('.call-view[data-view="capture"] .beamport-open')).click({ timeout: 10_000 })
      await a
        .locator(inConsole('.call-view[data-view="capture"] .beamport-state[data-phase="open"]'))
        .waitFor({
          timeout: 30_000,
        })
      await a.click(inConsole('.capture-shot'))
      await c.locator('#capture-prompt:not([hidden])').waitFor({ timeout: 10_000 })
      await c.click('#capture-allow')
      await a
        .locator(inConsole('.capture-card[data-state="received"] img'))
        .first()
        .waitFor({ timeout: 30_000 })
      assert.deepEqual(agent.errors, [])
      assert.deepEqual(customer.errors, [])
    })

    it('relay-only between two browsers on the same network: relayed, and no host or srflx candidate crosses', async () => {
      const office = await lab.addHost('a', 'office')
      const { agent, customer, received } = await answeredCall(
        { ...lab.serverIceEnv(), ICE_TRANSPORT_POLICY: 'relay' },
        office,
      )
      await bothVideosRelayed(agent.page, customer.page)
      assert.deepEqual(
        { ...(await customerPath(customer.page)), framesDecoded: 0 },
        { state: 'connected', candidateType: 'relay', relayProtocol: 'udp', framesDecoded: 0 },
      )
      // What each browser received through the signalling: relay candidates only, and never the other's
      // own address (both sit on 192.168.77.0/24, one switch apart).
      for (const [side, frames, other] of [
        ['customer', received.customer, lab.agent.address],
        ['agent', received.agent, office.address],
      ] as const) {
        const candidates = candidatesIn(frames)
        assert.ok(candidates.length > 0, `the ${side} received candidates`)
        assert.deepEqual(
          [...new Set(candidates.map(candidateType))],
          ['relay'],
          `${side}: ${candidates.join('\n')}`,
        )
        assert.ok(!frames.some((frame) => frame.includes(other)), `the ${side} never received ${other}`)
      }
      assert.deepEqual(
        await customer.page.evaluate(() => window.customerState.ice?.iceTransportPolicy),
        'relay',
      )
    })

    for (const [egress, over, name] of [
      ['no-udp', 'tcp', 'drops all the agent’s outgoing UDP: the call connects through TURN over TCP'],
      [
        { tcpPorts: [443, 8000] },
        'tls',
        'lets only TCP 443 (and the app) out: the call connects through TURN over TLS',
      ],
    ] as const)
      it(`the agent’s firewall ${name}, and the indicator says so`, async () => {
        await lab.network.setEgress(lab.network.routers.a, egress)
        const { agent, customer } = await answeredCall(lab.serverIceEnv())
        await bothVideosRelayed(agent.page, customer.page)
        await agent.page
          .locator(inConsole(`.call-header .media-quality[data-relay-protocol="${over}"]`))
          .waitFor({ timeout: 10_000 })
        assert.deepEqual(
          { ...(await agentIndicator(agent.page)), level: '', reason: '' },
          { level: '', reason: '', transport: over, candidateType: 'relay', relayProtocol: over },
        )
        assert.equal(
          await agent.page.locator(inConsole('.call-header .media-quality-transport')).innerText(),
          `Through a relay server, over ${over.toUpperCase()}`,
        )
      })

    /**
     * Makes a network `change` mid-call and measures it: the longest still picture of each side around it
     * (from 1 s before to the first frame after; the wait is longer than the bound, so that a slow
     * recovery is measured and named rather than timed out), and the words each side's media notice
     * said, read once quiet again. `watchMedia` must run on both pages.
     */
    async function across(agent: Page, customer: Page, change: () => Promise<unknown>) {
      await Promise.all([frameAfter(agent, Date.now(), 5_000), frameAfter(customer, Date.now(), 5_000)])
      const at = Date.now()
      await change()
      const [agentBack, customerBack] = await Promise.all([
        frameAfter(agent, at + 1_000, 30_000),
        frameAfter(customer, at + 1_000, 30_000),
      ])
      const gaps = {
        agent: await frameGap(agent, at - 1_000, agentBack),
        customer: await frameGap(customer, at - 1_000, customerBack),
      }
      const quiet = (page: Page) =>
        page.waitForFunction(
          () =>
            ['', undefined].includes(
              (window as unknown as { labFrames: { notices: string[] } }).labFrames.notices.at(-1),
            ),
          undefined,
          { timeout: 10_000 },
        )
      await Promise.all([quiet(agent), quiet(customer)])
      // Which step took the time, should the bound not hold: each side's negotiation and notices.
      const steps = {
        agent: `${negotiationSince(calls.negotiation(agent), at)}; ${await noticeTimeline(agent, at)}`,
        customer: `${negotiationSince(calls.negotiation(customer), at)}; ${await noticeTimeline(customer, at)}`,
      }
      return { gaps, steps, said: { agent: await noticesSeen(agent), customer: await noticesSeen(customer) } }
    }

    /** The still pictures were real (the change broke the path) and within the bound. */
    function backInTime(gaps: { agent: number; customer: number }): void {
      assert.ok(gaps.agent > 500 && gaps.customer > 500, `the change broke no path: ${JSON.stringify(gaps)}`)
      assert.ok(gaps.agent <= BACK_WITHIN_MS && gaps.customer <= BACK_WITHIN_MS, JSON.stringify(gaps))
    }

    const rebind = (...routers: ('a' | 'b')[]) =>
      Promise.all(routers.map((router) => lab.network.rebind(lab.network.routers[router])))

    // Relay-only: the broken allocation is the only path (two networks apart, Chromium could otherwise
    // move to the other side's relay by itself), and the console's own recovery must bring media back.
    // A rebinding breaks the UDP mappings only (the signalling lives on: an ICE restart); a new address
    // breaks everything (the signalling reconnects and the links are made anew).
    for (const [change, name] of [
      ['rebind', 'the agent’s NAT rebinds (its UDP mappings forgotten)'],
      ['rebind-customer', 'the customer’s NAT rebinds'],
      ['move', 'the agent’s machine gets a new address'],
    ] as const)
      it(`when ${name} in a relay-only call, media is back within 5 s and the call never ends`, async (t) => {
        const { agent, customer } = await answeredCall({
          // A rebinding forgets UDP mappings (a NAT keeps its TCP ones far longer): TURN over UDP only, so
          // that the call cannot sit on a TCP relay the rebinding leaves alone.
          ...lab.serverIceEnv(undefined, change === 'move' ? undefined : ['udp']),
          ICE_TRANSPORT_POLICY: 'relay',
        })
        await bothVideosRelayed(agent.page, customer.page)
        await Promise.all([
          watchMedia(agent.page, AGENT_SEES, AGENT_NOTICE),
          watchMedia(customer.page, CUSTOMER_SEES, CUSTOMER_NOTICE),
        ])
        const { gaps, said, steps } = await across(agent.page, customer.page, () =>
          change === 'move' ? lab.network.moveHost(lab.agent) : rebind(change === 'rebind' ? 'a' : 'b'),
        )
        t.diagnostic(`longest still picture ${JSON.stringify(gaps)} ms; notices ${JSON.stringify(said)}`)
        t.diagnostic(`steps ${JSON.stringify(steps)}`)
        backInTime(gaps)
        assert.equal(await agent.page.locator(inConsole('.call-area')).count(), 1)
        assert.equal(await customer.page.evaluate(() => window.customerState.screen), 'call')
        // The agent said the media was coming back, then nothing. The customer's page says so when it noticed
        // the break itself: a restart the agent started first may bring the picture back before it does.
        assert.deepEqual(said.agent, ['Reconnecting media…', ''])
        assert.ok(
          [[], ['Reconnecting video…', '']].some((words) => isDeepStrictEqual(words, said.customer)),
          JSON.stringify(said.customer),
        )
      })

    it('a 3-minute relay-only call on 60 s TURN credentials never drops; past their end, a network change recovers', async (t) => {
      const { agent, customer } = await answeredCall({
        // TURN over UDP only: the network changes at the end are rebindings (see above).
        ...lab.serverIceEnv(TTL_SECONDS, ['udp']),
        ICE_TRANSPORT_POLICY: 'relay',
      })
      await bothVideosRelayed(agent.page, customer.page)
      await Promise.all([
        watchMedia(agent.page, AGENT_SEES, AGENT_NOTICE),
        watchMedia(customer.page, CUSTOMER_SEES, CUSTOMER_NOTICE),
      ])
      const ice = () => customer.page.evaluate(() => window.customerState.ice)
      const first = await ice()
      const start = Date.now()
      // Looked at every second for the whole call: a still picture fails it as soon as it is seen.
      for (let now = start; now < start + LONG_CALL_MS; now = Date.now()) {
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        const gaps = [
          await frameGap(agent.page, start, Date.now()),
          await frameGap(customer.page, start, Date.now()),
        ]
        assert.ok(
          Math.max(...gaps) <= MAX_STILL_MS,
          `the picture stood still ${gaps.join(' / ')} ms at ${now - start} ms`,
        )
      }
      const last = await ice()
      // The credentials were renewed during the call, each lasting longer than the one before.
      assert.ok((last?.received ?? 0) >= 3, `renewed ${last?.received} times`)
      assert.ok((last?.expiresAt ?? 0) > (first?.expiresAt ?? Infinity))
      assert.deepEqual(await noticesSeen(agent.page), [])
      // Past the first credentials' end, each side in turn loses its allocation to a NAT rebinding: its
      // new one needs the renewed credentials.
      for (const router of ['a', 'b'] as const) {
        const { gaps } = await across(agent.page, customer.page, () => rebind(router))
        t.diagnostic(`router ${router} rebound: longest still picture ${JSON.stringify(gaps)} ms`)
        backInTime(gaps)
      }
      assert.equal(await agent.page.locator(inConsole('.call-area')).count(), 1)
    })
  },
)
