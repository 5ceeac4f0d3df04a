// bench/server-routing: 1,000 agent sockets and 200 customers on loopback against the reference server
// (in-memory PGlite, its own process). Prints JSON: the time from a customer's `queue:join` to the
// `inbound` reaching an agent (p50, p99, max) as the clients saw it, the same p50/p99 read from the
// server's own histogram (`agent_console_routing_latency_seconds` on /metrics), and the server's
// memory per connected agent.
// Usage: node --import tsx bench/server-routing.ts   (AGENTS, CUSTOMERS, SEGMENTS, ARRIVAL_MS to change)
import { fork } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { histogramQuantile, parsePrometheus, valueOf } from '../test/server/support/prometheus'

const AGENTS = Number(process.env.AGENTS ?? 1000)
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200)
const ARRIVAL_MS = Number(process.env.ARRIVAL_MS ?? 10)

interface Memory {
  rss: number
  heapUsed: number
  external: number
  arrayBuffers: number
}
interface Ready {
  type: 'ready'
  url: string
  metricsToken: string
  emails: string[]
  segments: string[]
  memory: Memory
}

const child = fork(new URL('./support/routing-server.ts', import.meta.url), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: { ...process.env, AGENTS: String(AGENTS) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
})
const ready = await new Promise<Ready>((resolve) => child.once('message', (m) => resolve(m as Ready)))
const askMemory = () =>
  new Promise<Memory>((resolve) => {
    child.once('message', (m) => resolve((m as { memory: Memory }).memory))
    child.send({ type: 'memory' })
  })

const connect = (path = '', auth?: Record<string, unknown>): Socket =>
  io(`${ready.url}${path}`, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  })

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

const before = await askMemory()
const arrivals = new Map<string, number>()
const latencies: number[] = []
let done: () => void = () => undefined
const allRung = new Promise<void>((resolve) => (done = resolve))
const agentSockets: Socket[] = []
const started = Date.now()
await pool(ready.emails, 50, async (email) => {
  const response = await fetch(`${ready.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench', agreement: true }),
  })
  const { accessToken } = (await response.json()) as { accessToken: string }
  const socket = connect()
  agentSockets.push(socket)
  socket.on('inbound', (call: { customerName: string }) => {
    const at = arrivals.get(call.customerName)
    if (at === undefined) return
    latencies.push(performance.now() - at)
    arrivals.delete(call.customerName)
    if (latencies.length === CUSTOMERS) done()
  })
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  await socket
    .timeout(30_000)
    .emitWithAck('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'UTC' })
  await socket.timeout(30_000).emitWithAck('status', { status: 'available' })
})
const connectSeconds = (Date.now() - started) / 1000
const after = await askMemory()

const customers = await Promise.all(
  Array.from({ length: CUSTOMERS }, async () => {
    const socket = connect('/customer', { sessionId: randomUUID() })
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    return socket
  }),
)
const scrape = async () => {
  const response = await fetch(`${ready.url}/metrics`, {
    headers: { authorization: `Bearer ${ready.metricsToken}` },
  })
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`)
  return parsePrometheus(await response.text())
}
// A scrape restarts the server's event-loop percentiles: the next one covers the customers only.
await scrape()
// This process holds 1,200 sockets: its own event-loop delay is part of what the clients measure.
const clientLoop = monitorEventLoopDelay({ resolution: 1 })
clientLoop.enable()
for (const [index, socket] of customers.entries()) {
  const name = `Customer ${index}`
  arrivals.set(name, performance.now())
  socket.emit('queue:join', { segment: ready.segments[index % ready.segments.length], name })
  if (ARRIVAL_MS > 0) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS))
}
await Promise.race([allRung, new Promise((resolve) => setTimeout(resolve, 60_000))])
clientLoop.disable()

const samples = await scrape()
const histogram = 'agent_console_routing_latency_seconds'
const serverCount = valueOf(samples, `${histogram}_count`)
if (serverCount !== latencies.length)
  throw new Error(`the server observed ${serverCount} first rings, the clients ${latencies.length}`)
const serverLagP99Ms = valueOf(samples, 'nodejs_eventloop_lag_p99_seconds') * 1000
const serverPct = (p: number) => Number((histogramQuantile(samples, histogram, p / 100) * 1000).toFixed(2))

const sorted = [...latencies].sort((a, b) => a - b)
const pct = (p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2))
const perAgent = (key: keyof Memory) => Math.round((after[key] - before[key]) / AGENTS)
console.log(
  JSON.stringify(
    {
      bench: 'server-routing',
      database: 'pglite (in memory)',
      agents: AGENTS,
      customers: CUSTOMERS,
      customerArrivalEveryMs: ARRIVAL_MS,
      rung: latencies.length,
      queueJoinToInboundMs: { p50: pct(50), p99: pct(99), max: pct(100) },
      // The server's histogram: from the queue:join handler's start to the inbound emit (no network).
      serverHistogramMs: { p50: serverPct(50), p99: serverPct(99), observed: serverCount },
      p99ClientMinusServerMs: Number((pct(99) - serverPct(99)).toFixed(2)),
      // Where a gap comes from: either process's event loop running late (a busy machine shows here).
      eventLoopDelayP99Ms: {
        server: Number(serverLagP99Ms.toFixed(2)),
        clients: Number((clientLoop.percentile(99) / 1e6).toFixed(2)),
      },
      memoryPerAgentBytes: { heapUsed: perAgent('heapUsed'), rss: perAgent('rss') },
      agentsConnectSeconds: connectSeconds,
    },
    null,
    2,
  ),
)
for (const socket of [...agentSockets, ...customers]) socket.disconnect()
child.send({ type: 'stop' })
await new Promise((resolve) => child.once('exit', resolve))
