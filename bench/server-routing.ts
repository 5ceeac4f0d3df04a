// bench/server-routing: 1,000 agent sockets and 200 customers on loopback against the reference server
// (in-memory PGlite, its own process). Prints JSON: the time from a customer's `queue:join` to the
// `inbound` reaching an agent (p50, p99, max) as the clients saw it, the same p50/p99 read from the
// server's own histogram (`agent_console_routing_latency_seconds` on /metrics), where the clients'
// time went (stamped in the server process too: bench/support/routing-stamps.ts) with the three
// slowest customers each way (each with how long the server's thread waited for a core before it read
// the join), when the server's thread and the clients' processes paused for garbage collection, the
// server's collections meanwhile, how often the kernel took a core from the server's process, how long
// its main thread waited for one, and its page faults over the window, whether the machine's kernel
// reclaims memory (DAMON), and the server's memory per connected agent.
// The clients' figure is made honest: the agents are spread over AGENT_PROCESSES processes of their own
// (bench/support/routing-agents.ts), so no client loop holds a backlog of 1,000 sockets' messages when
// an `inbound` arrives, and the send and the receipt are stamped with `process.hrtime` (CLOCK_MONOTONIC,
// one clock for every process of the machine). Customers arrive every ARRIVAL_MS.
// The measured window is the routing alone: each customer's connection is settled on the server first
// (its socket has answered a first event), and WARMUP customers are routed before it, outside both
// figures (the server's histogram is read as its increase over the window), as any benchmark warms up.
// Then LEAD_IN customers arrive at the window's rate, also outside both figures, so that the window is
// a slice of steady routing: the server's young generation has collected the connections' burst
// before it, and its collections in the window are those of the routing at that rate.
// Usage: node --import tsx bench/server-routing.ts   (AGENTS, CUSTOMERS, SEGMENTS, ARRIVAL_MS,
// AGENT_PROCESSES, WARMUP, LEAD_IN to change; CPU_PROFILE=<file> writes the server's profile of the window,
// HEAP_PROFILE=<file> a sampled profile of what its thread allocated over it (DevTools, Memory panel);
// WAL_SEGMENT_IN_WINDOW=new|reused fills the database's write-ahead log before the window so that the
// window starts a segment about halfway through (a new file, or one the server's checkpoint kept);
// SERVER_NODE_OPTIONS="--max-semi-space-size=64" runs the server under the Node options an operator
// would give it in NODE_OPTIONS, and prints them, so a figure says which server it measured;
// SERVER_OUTPUT=1 puts the server's own stdout (its log lines; --trace-gc-nvp's lines) on stderr;
// DATABASE=postgres runs it on a throwaway PostgreSQL cluster instead of in-memory PGlite)
import { fork, type ChildProcess } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { io, type Socket } from 'socket.io-client'
import {
  histogramIncrease,
  histogramQuantile,
  parsePrometheus,
  valueOf,
} from '../test/server/support/prometheus'
import { percentile } from './support/percentile'
import { walBytes } from './support/wal'
import type { RoutingStamps } from './support/routing-stamps'
import { observeGcPauses, type GcPause } from './support/gc-pauses'
import { kernelReclaim } from './support/kernel-reclaim'

const AGENTS = Number(process.env.AGENTS ?? 1000)
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200)
const ARRIVAL_MS = Number(process.env.ARRIVAL_MS ?? 10)
const AGENT_PROCESSES = Number(process.env.AGENT_PROCESSES ?? 4)
// Customers routed before the measured window: the first joins of a fresh process run cold code
// (JIT, the routing functions' first plans) and hold the next ones unread behind them.
const WARMUP = Number(process.env.WARMUP ?? 20)
// Customers arriving every ARRIVAL_MS just before the window, outside both figures. The customers'
// connections, made in a burst before the warm-up, leave their state in the server's young generation;
// without a lead-in, the window's one scavenge promoted it (3.6 to 3.7 MB, pauses of 7.8 to 11.3 ms, in
// three runs traced with --trace-gc-nvp), work no join of the window caused. 200 of them (2 s at 10 ms)
// are about two scavenges of routing: that state is then in the old generation, as on a server that has
// been routing for a while, and the window's scavenge moves the routing's own (1.4 MB and 4.3 and 5.0 ms
// in two traced runs; 2.9 to 7.8 ms over 40 runs, docs/operations.md).
const LEAD_IN = Number(process.env.LEAD_IN ?? 200)
// The agreement the issue asks for between the clients' p99 and the server's.
const AGREEMENT_MS = 2
// Every customer rings an agent of its own and keeps it ringing: with fewer agents, the last ones would
// wait for one in the queue, and the run would fail a minute later without saying why.
if (AGENTS < CUSTOMERS + WARMUP + LEAD_IN)
  throw new Error(
    `AGENTS (${AGENTS}) must be at least CUSTOMERS + WARMUP + LEAD_IN (${CUSTOMERS + WARMUP + LEAD_IN})`,
  )

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
  /** Which database the server runs on. */
  database: string
}

// The server's own Node options (an operator's NODE_OPTIONS), apart from the clients' processes.
const serverNodeOptions = process.env.SERVER_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? []
const child = fork(new URL('./support/routing-server.ts', import.meta.url), [], {
  execArgv: ['--import', 'tsx', '--expose-gc', ...serverNodeOptions],
  // Every simulated customer comes from 127.0.0.1: the per-address budgets meant for one real address step aside.
  env: {
    ...process.env,
    AGENTS: String(AGENTS),
    CUSTOMER_CONNECTIONS_PER_ADDRESS: '100000',
    QUEUE_JOINS_PER_ADDRESS: '100000',
  },
  // SERVER_OUTPUT=1: the server's stdout (its log lines, and what --trace-gc-nvp prints) on the bench's stderr.
  stdio: ['ignore', process.env.SERVER_OUTPUT ? 2 : 'ignore', 'inherit', 'ipc'],
})
/** The next message of `type` from the process `from`; fails if the process exits first, or had exited. */
const replyOf = <T>(from: ChildProcess, type: string) =>
  new Promise<T>((resolve, reject) => {
    // An exited process sends nothing more, and its `exit` does not fire again.
    if (from.exitCode !== null || from.signalCode !== null) {
      reject(new Error(`a bench process had exited (${from.exitCode ?? from.signalCode})`))
      return
    }
    const onExit = (code: number | null) => reject(new Error(`a bench process exited with ${code}`))
    const onMessage = (message: { type?: string }) => {
      if (message.type !== type) return
      from.off('message', onMessage)
      from.off('exit', onExit)
      resolve(message as T)
    }
    from.on('message', onMessage)
    from.once('exit', onExit)
  })
/** Sends `request` to the process `to`; resolves with its reply (of `replyType`, by default the request's). */
const ask = <T>(
  to: ChildProcess,
  request: { type: string } & Record<string, unknown>,
  replyType = request.type,
) => {
  const reply = replyOf<T>(to, replyType)
  to.send(request)
  return reply
}
const ready = await replyOf<Ready>(child, 'ready')
/** The database's write-ahead log position (bytes) and segment size (bytes), read by the server. */
const askWal = async () => {
  const { lsn, segment } = await ask<{ lsn: string; segment: string }>(child, { type: 'wal' })
  const unit = { kB: 1024n, MB: 1024n * 1024n, GB: 1024n * 1024n * 1024n }[segment.replace(/^\d+/, '')] ?? 1n
  return { at: walBytes(lsn), segmentBytes: BigInt(Number.parseInt(segment, 10)) * unit }
}
/** The server process's page faults (major: read from the disk) and the times the kernel took its core. */
interface Usage {
  majorPageFaults: number
  minorPageFaults: number
  involuntaryContextSwitches: number
  /** The server's main thread's time ready to run but waiting for a core (ms); null off Linux. */
  mainThreadRunQueueWaitMs: number | null
}
const askUsage = async () => (await ask<{ usage: Usage }>(child, { type: 'usage' })).usage
const askMemory = async () => (await ask<{ memory: Memory }>(child, { type: 'memory' })).memory

const connect = (path = '', auth?: Record<string, unknown>): Socket =>
  io(`${ready.url}${path}`, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  })

const before = await askMemory()
const sentAt = new Map<string, bigint>()
// Every customer's send and receipt, kept for the breakdown (sentAt forgets a customer once rung).
const sent = new Map<string, bigint>()
const received = new Map<string, bigint>()
const latencies: number[] = []
let done: () => void = () => undefined
const allRung = new Promise<void>((resolve) => (done = resolve))
const started = Date.now()
// The agents, in processes of their own; each stamps an `inbound` when it reaches it.
const agentProcesses: ChildProcess[] = Array.from({ length: AGENT_PROCESSES }, () =>
  fork(new URL('./support/routing-agents.ts', import.meta.url), [], {
    // --expose-gc: each collects its garbage before the window (routing-agents.ts, `measure`).
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  }),
)
// A run that fails (an agent's login timing out on a busy machine) leaves no server or agents behind.
process.on('exit', () => {
  for (const spawned of [child, ...agentProcesses]) if (spawned.exitCode === null) spawned.kill()
})
for (const child of agentProcesses)
  child.on('message', (message: { type: string; name?: string; at?: string }) => {
    if (message.type !== 'rung' || !message.name || !message.at) return
    const at = sentAt.get(message.name)
    if (at === undefined) return
    latencies.push(Number(BigInt(message.at) - at) / 1e6)
    received.set(message.name, BigInt(message.at))
    sentAt.delete(message.name)
    if (latencies.length === CUSTOMERS) done()
  })
await Promise.all(
  agentProcesses.map((child, index) => {
    const emails = ready.emails.filter((_, i) => i % AGENT_PROCESSES === index)
    return ask(child, { type: 'start', url: ready.url, emails }, 'ready')
  }),
)
const connectSeconds = (Date.now() - started) / 1000
const after = await askMemory()

// A customer counts as connected once the server has done its connection work (a socket's events wait
// for it): its `queue:leave`, with nothing to leave, is answered after that. Without it, the last
// customers' connections were still being stored while the first joined, inside the measured window.
const connectCustomers = (count: number) =>
  Promise.all(
    Array.from({ length: count }, async () => {
      const socket = connect('/customer', { sessionId: randomUUID() })
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
      await socket.timeout(30_000).emitWithAck('queue:leave', {})
      return socket
    }),
  )
const customers = await connectCustomers(CUSTOMERS)
// The warm-up: customers routed one after the other (each join's answer comes once it has rung).
const warmUps = await connectCustomers(WARMUP)
const leadIns = await connectCustomers(LEAD_IN)
for (const [index, socket] of warmUps.entries()) {
  const reply = (await socket.timeout(30_000).emitWithAck('queue:join', {
    segment: ready.segments[index % ready.segments.length],
    name: `Warm-up ${index}`,
  })) as { ok: boolean }
  if (!reply.ok) throw new Error(`a warm-up customer could not join: ${JSON.stringify(reply)}`)
}
// The lead-in: customers arriving at the window's rate, as the window's do; each answer comes once rung.
const leadInReplies: Promise<unknown>[] = []
for (const [index, socket] of leadIns.entries()) {
  leadInReplies.push(
    socket
      .timeout(30_000)
      .emitWithAck('queue:join', {
        segment: ready.segments[index % ready.segments.length],
        name: `Lead-in ${index}`,
      })
      .then(
        (reply: { ok: boolean }) => (reply.ok ? null : reply),
        (error: unknown) => error,
      ),
  )
  if (ARRIVAL_MS > 0) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS))
}
const leadInFailure = (await Promise.all(leadInReplies)).find((failure) => failure !== null)
if (leadInFailure !== undefined)
  throw new Error(
    `a lead-in customer could not join: ${leadInFailure instanceof Error ? leadInFailure.message : JSON.stringify(leadInFailure)}`,
  )
const scrape = async () => {
  const response = await fetch(`${ready.url}/metrics`, {
    headers: { authorization: `Bearer ${ready.metricsToken}` },
  })
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`)
  return parsePrometheus(await response.text())
}
// WAL_SEGMENT_IN_WINDOW=new: a run whose window starts a new WAL segment file, as about one window in 20
// does by chance on a fresh server (breakdownMs.walInWindow), to see such a run on purpose; =reused: the
// segment is a file the server's checkpoint kept for reuse, as on a server past its first checkpoint.
const segmentInWindow = process.env.WAL_SEGMENT_IN_WINDOW ?? null
if (segmentInWindow !== null && segmentInWindow !== 'new' && segmentInWindow !== 'reused')
  throw new Error(`WAL_SEGMENT_IN_WINDOW is new or reused, not ${JSON.stringify(segmentInWindow)}`)
if (segmentInWindow) {
  await ask(child, { type: 'wal-near-segment-end', reuse: segmentInWindow === 'reused' }, 'wal-filled')
}
// A scrape restarts the server's event-loop percentiles: the next one covers the customers only.
const beforeCustomers = await scrape()
// CPU_PROFILE=<file>: the server's CPU profile over the customers' joins (the window), to see where its
// loop's time went; the profiler's own cost is in every figure of such a run.
const profileServer = async (type: 'profile-start' | 'profile-stop') => {
  if (!process.env.CPU_PROFILE && !process.env.HEAP_PROFILE) return
  await ask(child, { type }, type === 'profile-start' ? 'profiling' : 'profiled')
}
const walBefore = await askWal()
const usageBefore = await askUsage()
await profileServer('profile-start')
// Any client process's event-loop delay is part of what the clients measure: each reports its own.
const clientLoop = monitorEventLoopDelay({ resolution: 1 })
const customersGcPauses = observeGcPauses()
clientLoop.enable()
await Promise.all(agentProcesses.map((agents) => ask(agents, { type: 'measure' }, 'measuring')))
// The first customer arrives ARRIVAL_MS after the bench's own messages, as each next one after the one
// before: sent at once, it met the server and the agent processes still handling them (in 2 runs of 20,
// it was among the clients' three slowest; in one, 3.58 ms to be read and 2.46 ms for its agent to read
// the `inbound`, its slowest parts, and the run missed by 2.54 ms).
if (ARRIVAL_MS > 0) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS))
const loadBefore = loadavg()[0]!
for (const [index, socket] of customers.entries()) {
  const name = `Customer ${index}`
  sentAt.set(name, process.hrtime.bigint())
  sent.set(name, sentAt.get(name) as bigint)
  socket.emit('queue:join', { segment: ready.segments[index % ready.segments.length], name })
  if (ARRIVAL_MS > 0) await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS))
}
// The limit is cleared once every customer rang: left pending, it held the bench's process a minute
// after its JSON.
let giveUp: NodeJS.Timeout | undefined
const rungInTime = await Promise.race([
  allRung.then(() => true),
  new Promise<false>((resolve) => (giveUp = setTimeout(() => resolve(false), 60_000))),
])
clearTimeout(giveUp)
clientLoop.disable()
const usageAfter = await askUsage()
await profileServer('profile-stop')
const walAfter = await askWal()
const agentReports = await Promise.all(
  agentProcesses.map((agents) => ask<{ loopP99Ms: number; gcPauses: GcPause[] }>(agents, { type: 'report' })),
)
const loadAfter = loadavg()[0]!
// A benchmark that cannot measure fails: every customer must have rung.
if (!rungInTime) throw new Error(`only ${latencies.length} of ${CUSTOMERS} customers rang within 60 s`)

const samples = await scrape()
const histogram = 'agent_console_routing_latency_seconds'
// The server's figure over the measured window: what its histogram gained since the warm-up.
const measured = histogramIncrease(samples, beforeCustomers, histogram)
const serverCount = valueOf(measured, `${histogram}_count`)
if (serverCount !== latencies.length)
  throw new Error(`the server observed ${serverCount} first rings, the clients ${latencies.length}`)
const serverLagP99Ms = valueOf(samples, 'nodejs_eventloop_lag_p99_seconds') * 1000
// The server's garbage collections while the customers joined (prom-client's default histogram): a
// pause holds every socket unread, so the joins it catches wait outside the server's own histogram.
const gcWindow = histogramIncrease(samples, beforeCustomers, 'nodejs_gc_duration_seconds')
const gcDuring = (kind: string, part: 'count' | 'sum') =>
  valueOf(gcWindow, `nodejs_gc_duration_seconds_${part}`, { kind })
const serverGc = Object.fromEntries(
  ['minor', 'major', 'incremental'].map((kind) => [
    kind,
    { count: gcDuring(kind, 'count'), totalMs: Number((gcDuring(kind, 'sum') * 1000).toFixed(2)) },
  ]),
)
const serverPct = (p: number) => Number((histogramQuantile(measured, histogram, p / 100) * 1000).toFixed(2))

// Nearest rank, as the server's histogram ranks (of 200 customers, p99 is the 198th in order): one rank
// above it would read the clients' p99 high on a long tail, a gap that is no part of the server's.
const rank = (values: number[], p: number) => Number(percentile(values, p).toFixed(2))
const pct = (p: number) => rank(latencies, p)
// Each customer's span cut where the server read the join and wrote the inbound (one hrtime clock).
const { stamps } = await ask<{ stamps: RoutingStamps }>(child, { type: 'stamps' })
const windowStart = [...sent.values()].reduce((first, at) => (at < first ? at : first))
const windowEnd = [...received.values()].reduce((last, at) => (at > last ? at : last))
// How long the server's thread stood ready to run without a core between the join it read before and
// this one. That read came about ARRIVAL_MS before this join was sent, so the figure bounds from above
// the part of this join's wait to be read that the thread spent without a core.
const readOrder = Object.entries(stamps.read).sort(([, a], [, b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
const waitedBeforeRead = new Map(
  readOrder.map(([name], index) => {
    const now = stamps.waitAtRead[name]
    const previous = index > 0 ? stamps.waitAtRead[readOrder[index - 1]![0]] : undefined
    return [name, now == null || previous == null ? null : now - previous] as const
  }),
)
const parts = [...received].flatMap(([name, at]) => {
  const read = stamps.read[name]
  const written = stamps.written[name]
  if (read === undefined || written === undefined) return []
  const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6
  const start = sent.get(name) as bigint
  return [
    {
      client: ms(start, at),
      toServerRead: ms(start, BigInt(read)),
      readToInboundWritten: ms(BigInt(read), BigInt(written)),
      writtenToAgent: ms(BigInt(written), at),
      // When the join was sent, from the first customer's: places it beside the server's pauses.
      sentAtMs: ms(windowStart, start),
      serverThreadWaitedForCoreMs: waitedBeforeRead.get(name) ?? null,
    },
  ]
})
type Part = Exclude<keyof (typeof parts)[number], 'sentAtMs' | 'serverThreadWaitedForCoreMs'>
const partPct = (key: Part) => {
  const values = parts.map((part) => part[key])
  return { p50: rank(values, 50), p99: rank(values, 99) }
}
// The customers at and above the clients' p99: their span, part by part.
const slowest = parts.filter((part) => part.client >= pct(99))
const mean = (key: Part) =>
  Number((slowest.reduce((sum, part) => sum + part[key], 0) / slowest.length).toFixed(2))
const gap = Number((pct(99) - serverPct(99)).toFixed(2))
// A p99 of 200 is the third slowest: the three slowest each way, part by part, and the server's pauses
// beside them, show which customers made a run's gap.
const twoDecimals = (part: (typeof parts)[number]) =>
  Object.fromEntries(
    Object.entries(part).map(([key, value]) => [key, value === null ? null : Number(value.toFixed(2))]),
  )
const slowestBy = (key: Part) =>
  [...parts]
    .sort((a, b) => b[key] - a[key])
    .slice(0, 3)
    .map(twoDecimals)
/** A process's collections in the window, placed as the joins are (`sentAtMs`). */
const inWindow = (pauses: GcPause[]) =>
  pauses
    .filter((pause) => BigInt(pause.at) >= windowStart && BigInt(pause.at) <= windowEnd)
    .map((pause) => ({
      atMs: Number((Number(BigInt(pause.at) - windowStart) / 1e6).toFixed(2)),
      ms: Number(pause.ms.toFixed(2)),
      kind: pause.kind,
    }))
const perAgent = (key: keyof Memory) => Math.round((after[key] - before[key]) / AGENTS)
console.log(
  JSON.stringify(
    {
      bench: 'server-routing',
      database: ready.database,
      serverNodeOptions: serverNodeOptions.join(' ') || null,
      walSegmentForcedInWindow: segmentInWindow,
      agents: AGENTS,
      customers: CUSTOMERS,
      customerArrivalEveryMs: ARRIVAL_MS,
      warmUpCustomers: WARMUP,
      leadInCustomers: LEAD_IN,
      agentProcesses: AGENT_PROCESSES,
      rung: latencies.length,
      queueJoinToInboundMs: { p50: pct(50), p99: pct(99), max: pct(100) },
      // The server's histogram: from the queue:join's arrival (its handler, a tick after the packet was
      // read) to the inbound written to the agent's socket, on performance.now() (no network).
      serverHistogramMs: { p50: serverPct(50), p99: serverPct(99), observed: serverCount },
      p99ClientMinusServerMs: gap,
      p99AgreeWithin2Ms: Math.abs(gap) <= AGREEMENT_MS,
      // Where the clients' time went: the join waiting to be read (loopback, the server's loop busy),
      // the server's work (what its histogram measures, from a tick later), the inbound reaching the
      // agent (loopback, the agent process's loop). Percentiles of each part; the p99 customers' means.
      breakdownMs: {
        toServerRead: partPct('toServerRead'),
        readToInboundWritten: partPct('readToInboundWritten'),
        writtenToAgent: partPct('writtenToAgent'),
        atClientP99: {
          customers: slowest.length,
          client: mean('client'),
          toServerRead: mean('toServerRead'),
          readToInboundWritten: mean('readToInboundWritten'),
          writtenToAgent: mean('writtenToAgent'),
        },
        slowestForClients: slowestBy('client'),
        slowestOnServer: slowestBy('readToInboundWritten'),
        serverGcPauses: inWindow(stamps.gcPauses),
        // The clients' own collections: one holds a send (customers) or a receipt (agents) unstamped.
        clientGcPauses: {
          customers: inWindow(customersGcPauses),
          agents: agentReports.map((report) => inWindow(report.gcPauses)),
        },
        // A new WAL segment is created (and, with wal_init_zero, filled) by the write that needs it.
        walInWindow: {
          bytes: Number(walAfter.at - walBefore.at),
          segmentsStarted: Number(
            walAfter.at / walAfter.segmentBytes - walBefore.at / walBefore.segmentBytes,
          ),
        },
      },
      // Where a gap comes from: a process's event loop running late (a busy machine shows here).
      eventLoopDelayP99Ms: {
        server: Number(serverLagP99Ms.toFixed(2)),
        customers: Number((clientLoop.percentile(99) / 1e6).toFixed(2)),
        agents: agentReports.map((report) => Number(report.loopP99Ms.toFixed(2))),
      },
      // The server's garbage collections while the customers joined, by kind: count and total pause.
      serverGcDuringCustomers: serverGc,
      // The server process over the window: a major fault waits for the disk (code or data paged out
      // under it), a minor one for the kernel to map a page back; an involuntary switch is the kernel
      // giving its core to another thread; the main thread's run-queue wait is its time ready without a core.
      serverInWindow: {
        majorPageFaults: usageAfter.majorPageFaults - usageBefore.majorPageFaults,
        minorPageFaults: usageAfter.minorPageFaults - usageBefore.minorPageFaults,
        involuntaryContextSwitches:
          usageAfter.involuntaryContextSwitches - usageBefore.involuntaryContextSwitches,
        mainThreadRunQueueWaitMs:
          usageAfter.mainThreadRunQueueWaitMs === null || usageBefore.mainThreadRunQueueWaitMs === null
            ? null
            : Number((usageAfter.mainThreadRunQueueWaitMs - usageBefore.mainThreadRunQueueWaitMs).toFixed(2)),
      },
      // Whether the machine was busy: the 1-minute load average against the cores; and whether its
      // kernel reclaims memory proactively (DAMON), on which the two p99s stopped agreeing.
      machine: {
        cores: cpus().length,
        loadAverage1m: [Number(loadBefore.toFixed(2)), Number(loadAfter.toFixed(2))],
        kernelReclaim: await kernelReclaim(),
      },
      memoryPerAgentBytes: { heapUsed: perAgent('heapUsed'), rss: perAgent('rss') },
      agentsConnectSeconds: connectSeconds,
    },
    null,
    2,
  ),
)
for (const socket of [...customers, ...warmUps, ...leadIns]) socket.disconnect()
await Promise.all(
  agentProcesses.map((agents) => {
    const exited = new Promise((resolve) => agents.once('exit', resolve))
    agents.send({ type: 'stop' })
    return exited
  }),
)
child.send({ type: 'stop' })
await new Promise((resolve) => child.once('exit', resolve))
// The figure the issue asks for: a run where they disagree is reported as a failure, not as a result.
if (Math.abs(gap) > AGREEMENT_MS) process.exitCode = 1
