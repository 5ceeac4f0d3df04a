// What a test server costs to start, the largest single cost of the test run (`npm test`): every
// end-to-end test starts one in its own process, and most server tests open a fresh PGlite database.
// Prints JSON: for RUNS starts of the end-to-end suite's server (test/e2e/support/memory-server.ts,
// started by the suite's own startServer), the CPU time of its process (every thread: /proc/<pid>/stat)
// and the wall time from spawn to its "Agent console:" line; and for RUNS opens of the server suite's
// fresh database (test/server/support/prepared-database.ts, in this process, after one open that
// compiles PGlite's WebAssembly), the CPU time of each (process.cpuUsage, every thread).
// Linux only: without /proc the server's CPU time cannot be read, and the benchmark fails.
// Usage: node --import tsx bench/test-server-start.ts   (RUNS=5 to change; ENV='DEMO_SSO=1' adds
// variables to the server's environment)
import { readFileSync } from 'node:fs'
import { startServer } from '../test/e2e/support/server'
import { freshDatabase } from '../test/server/support/prepared-database'
import { percentile } from './support/percentile'

const RUNS = Number(process.env.RUNS ?? 5)
const EXTRA_ENV = Object.fromEntries(
  (process.env.ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
)
/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on every Linux build in use). */
const TICKS = 100

/** CPU seconds a process has used, all its threads, from /proc/<pid>/stat (utime + stime). */
function processCpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  const [utime, stime] = [Number(fields[11]), Number(fields[12])]
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`/proc/${pid}/stat unreadable`)
  return (utime + stime) / TICKS
}

/** Starts the suite's server once; resolves with its CPU and wall time up to "Agent console:". */
async function startOnce(): Promise<{ cpuSeconds: number; wallMs: number }> {
  const started = performance.now()
  const server = await startServer(EXTRA_ENV)
  const wallMs = performance.now() - started
  try {
    return { cpuSeconds: processCpuSeconds(server.pid), wallMs }
  } finally {
    await server.kill()
  }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))
const summary = (values: number[]) => ({
  median: round(percentile(values, 50)),
  min: round(Math.min(...values)),
  max: round(Math.max(...values)),
})

// The first start bundles the server (once a process) and may make the schema dump the others load.
await startOnce()
const starts = []
for (let run = 0; run < RUNS; run++) starts.push(await startOnce())

// The first open compiles PGlite's WebAssembly, once a process, and may make the seeded dump.
await (await freshDatabase()).close()
const opens: number[] = []
for (let run = 0; run < RUNS; run++) {
  const before = process.cpuUsage()
  const db = await freshDatabase()
  const used = process.cpuUsage(before)
  opens.push((used.user + used.system) / 1e6)
  await db.close()
}

console.log(
  JSON.stringify(
    {
      runs: RUNS,
      env: EXTRA_ENV,
      e2eServerStart: {
        cpuSeconds: summary(starts.map((start) => start.cpuSeconds)),
        wallMs: summary(starts.map((start) => start.wallMs)),
        each: starts.map((start) => ({ cpuSeconds: start.cpuSeconds, wallMs: Math.round(start.wallMs) })),
      },
      serverSuiteFreshDatabase: { cpuSeconds: summary(opens), each: opens.map((value) => round(value)) },
    },
    null,
    2,
  ),
)
