// Chaos at random moments of a call: one reference server process on a PGlite folder, three calls in
// progress, each customer leaving so that the server's `kill -9` falls before their grace ends, at its
// end or after it; restarted on the same folder, every agent must learn that its customer is gone and
// end up free. The moments come from a seeded random: CHAOS_SEED=<seed> replays a run.
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomInt, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Call, InboundCall } from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { EventClient } from '../server/support/event-client'
import { ChaosLab, login } from './support/chaos-process'
import type { RunningServer } from './support/server'

/** The customer's grace period of these runs (short, so that the test waits seconds, not 30). */
const CUSTOMER_GRACE_MS = 6_000
const TIMERS = JSON.stringify({ customerGraceMs: CUSTOMER_GRACE_MS, ringTimeoutMs: 120_000 })
/** Rounds of three calls: each round covers the three regions once (about 20 s a round). */
const ROUNDS = 3
/** The agents who serve Sales, where the customers queue. */
const AGENTS = ['ana@demo.test', 'bruno@demo.test', 'elena@demo.test']
/** Beyond the grace and the restart: a sweep (1 s), the agent's authenticate, a busy machine. */
const SLACK_MS = 5_000

/**
 * How long before the kill a customer leaves, per region of their grace: the kill falls while it still
 * runs (`before`; in even rounds the customer's tab closes while the server is down: it never sees them
 * go, and their grace runs from its last heartbeat), at its end, where the server's own timer and its
 * sweep fire (`at`), or once the agent was told (`after`).
 */
const REGIONS = {
  before: [500, CUSTOMER_GRACE_MS - 1_500],
  at: [CUSTOMER_GRACE_MS - 1_000, CUSTOMER_GRACE_MS + 1_000],
  after: [CUSTOMER_GRACE_MS + 1_500, CUSTOMER_GRACE_MS + 3_500],
} as const
type Region = keyof typeof REGIONS
const REGION_NAMES = Object.keys(REGIONS) as Region[]

/**
 * When the agent comes back after the restart: the console retries every 0.6–1 s, a slower browser (a
 * laptop waking up, a flaky network) later, often after the first sweep told an empty room the grace ended.
 */
const RECONNECT_MS: readonly [number, number] = [0, 3_000]

/** mulberry32: a small seeded random in [0, 1), so that a failing run's moments can be drawn again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** An agent of the test: who they are and their socket on the current process. */
interface Agent {
  email: string
  sessionId: string
  accessToken: string
  socket: EventClient
}

/** One call of a round, as the test drew it. */
interface Draw {
  agent: Agent
  region: Region
  /** ms from the customer leaving to the kill; null: they leave while the server is down. */
  leadMs: number | null
  /** ms after the restart that the agent's console reconnects. */
  reconnectMs: number
}

const lab = new ChaosLab(TIMERS)
const { dataDir, start, authenticate, clients } = lab

/** An available agent answers the next call; resolves with its id once the customer is in it. */
async function answerNext(agent: Agent): Promise<string> {
  const inbound = await agent.socket.next<InboundCall>('inbound', () => true, 20_000)
  const answered = await agent.socket.request('answer', { callId: inbound.id })
  assert.ok(answered.ok, `${agent.email} answer: ${JSON.stringify(answered)}`)
  await agent.socket.next<Call>('join', (call) => call.id === inbound.id)
  return inbound.id
}

/**
 * What the agent observes once back on the restarted process: `how` it learned that its customer is gone
 * and when (ms after the kill), then it hangs up and is free. Fails past `deadline` (a Date.now()).
 */
async function comeBack(
  server: RunningServer,
  agent: Agent,
  callId: string,
  deadline: number,
): Promise<{ how: string; at: number }> {
  const back = await authenticate(server, agent.accessToken, agent.sessionId)
  // What came before the authenticate's reply, in order (the server sends `rejoin` before it).
  const arrived = back.pending()
  const left = () => Math.max(1, deadline - Date.now())
  const authenticated = await back.next<{ callId: string | null }>('agent:authenticated', () => true, left())
  // The call already over (the agent's own grace ran out): nobody is left waiting in it, the agent is free.
  if (authenticated.callId === null) return { how: 'no call', at: Date.now() }
  assert.equal(authenticated.callId, callId)
  const rejoined = await back.next<Call>('rejoin', (call) => call.id === callId, left())
  let how = rejoined.customerGone ? `rejoin says ${rejoined.customerGone}` : ''
  if (!how) {
    // Back while the customer's grace runs: the call must tell the agent when it ends. A timeout sent
    // before `rejoin` is lost on the console, which is in no call yet.
    const early = arrived.indexOf('customer:timeout')
    assert.ok(
      early < 0 || early > arrived.indexOf('rejoin'),
      `customer:timeout before rejoin: ${arrived.join(', ')}`,
    )
    await back.next<{ callId: string }>('customer:timeout', (event) => event.callId === callId, left())
    how = 'customer:timeout'
  }
  const at = Date.now()
  const hungUp = await back.request('hangup', {})
  assert.ok(hungUp.ok, `${agent.email} hangup: ${JSON.stringify(hungUp)}`)
  await back.next('end', (event: { callId: string }) => event.callId === callId)
  await back.next<{ inCall: boolean }>('agent:status:update', (update) => !update.inCall)
  return { how, at }
}

describe('chaos at random moments of a call', () => {
  afterEach(() => lab.cleanup())

  it('kill -9 before, at and after the customer’s grace: every agent is told its customer is gone and is free', async (t) => {
    const seed = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : randomInt(2 ** 31)
    const random = seededRandom(seed)
    const between = ([low, high]: readonly [number, number]) => Math.round(low + random() * (high - low))
    t.diagnostic(
      `seed ${seed} (replay: CHAOS_SEED=${seed} node --import tsx --test test/e2e/chaos-grace.test.ts)`,
    )

    const folder = dataDir()
    let server = await start({ DATA_DIR: folder })
    const agents: Agent[] = []
    for (const email of AGENTS) {
      const accessToken = await login(server, email)
      const sessionId = randomUUID()
      agents.push({
        email,
        sessionId,
        accessToken,
        socket: await authenticate(server, accessToken, sessionId),
      })
    }

    for (let round = 0; round < ROUNDS; round++) {
      // Drawn first, in a fixed order, so that a seed always gives the same moments.
      const draws: Draw[] = agents.map((agent, index) => {
        const region = REGION_NAMES[(index + round) % REGION_NAMES.length] as Region
        const down = region === 'before' && round % 2 === 0
        return {
          agent,
          region,
          leadMs: down ? null : between(REGIONS[region]),
          reconnectMs: between(RECONNECT_MS),
        }
      })
      const where = (draw: Draw) => `seed ${seed}, round ${round}, ${draw.agent.email} ${draw.region}`

      for (const agent of agents)
        assert.ok((await agent.socket.request('status', { status: 'available' })).ok)
      const customers = new Map<string, EventClient>()
      for (const draw of draws) {
        const customer = new EventClient(server.url, {
          namespace: '/customer',
          auth: { sessionId: randomUUID() },
        })
        clients.push(customer)
        await customer.connected()
        const queued = await customer.request<{ callId: string }>('queue:join', {
          segment: SEED.segments.sales,
          name: `Round ${round} ${draw.region}`,
        })
        assert.ok(queued.ok, JSON.stringify(queued))
        customers.set(queued.data.callId, customer)
      }
      const calls = await Promise.all(agents.map(answerNext))
      await Promise.all([...customers.values()].map((customer) => customer.next('call:joined')))
      const customerOf = (index: number) => customers.get(calls[index] as string) as EventClient

      // The experiment itself: sleeping until each drawn moment (the customers leaving, then the kill) is
      // what places the kill before, at or after each customer's grace.
      const startedAt = Date.now()
      const longest = Math.max(...draws.map((draw) => draw.leadMs ?? 0))
      const killAt = startedAt + longest
      const leaving = draws
        .map((draw, index) => ({ index, at: draw.leadMs === null ? null : killAt - draw.leadMs }))
        .filter((leave): leave is { index: number; at: number } => leave.at !== null)
        .sort((a, b) => a.at - b.at)
      for (const leave of leaving) {
        await sleep(Math.max(0, leave.at - Date.now()))
        customerOf(leave.index).close()
      }
      await sleep(Math.max(0, killAt - Date.now()))
      const toldBefore = agents.map((agent) => agent.socket.has('customer:timeout'))
      await server.kill()
      const killedAt = Date.now()
      // Whoever has not left closes their tab while the server is down: their socket is gone for good.
      draws.forEach((draw, index) => draw.leadMs === null && customerOf(index).close())
      server = await start({ DATA_DIR: folder }, server.port)
      const readyMs = Date.now() - killedAt

      const outcomes = await Promise.all(
        draws.map(async (draw, index) => {
          // The console's retry moment, drawn: part of the experiment too.
          await sleep(draw.reconnectMs)
          const bound = Math.max(CUSTOMER_GRACE_MS, readyMs + draw.reconnectMs) + SLACK_MS
          const outcome = await comeBack(server, draw.agent, calls[index] as string, killedAt + bound).catch(
            (error: unknown) => {
              throw new Error(`${where(draw)}: ${String(error)}`)
            },
          )
          assert.ok(
            outcome.at - killedAt <= bound,
            `${where(draw)}: told ${outcome.at - killedAt} ms after the kill`,
          )
          return outcome
        }),
      )
      t.diagnostic(
        `round ${round}: restarted in ${readyMs} ms; ` +
          draws
            .map((draw, index) => {
              const outcome = outcomes[index] as { how: string; at: number }
              const lead = draw.leadMs === null ? 'left while down' : `left ${draw.leadMs} ms before the kill`
              const told = toldBefore[index] ? ', told before the kill' : ''
              return `${draw.agent.email} ${draw.region} (${lead}, back +${draw.reconnectMs} ms${told}): ${outcome.how} at ${outcome.at - killedAt} ms`
            })
            .join('; '),
      )

      // A fresh login finds no stale call; that socket is the agent's for the next round.
      for (const [index, agent] of agents.entries()) {
        agent.accessToken = await login(server, agent.email)
        agent.socket = await authenticate(server, agent.accessToken, agent.sessionId)
        const draw = draws[index] as Draw
        assert.equal(agent.socket.has('rejoin'), false, `${where(draw)}: rejoined a stale call`)
        const authenticated = await agent.socket.next<{ callId: string | null }>('agent:authenticated')
        assert.equal(authenticated.callId, null, `${where(draw)}: still in a call`)
      }
    }
  })
})
