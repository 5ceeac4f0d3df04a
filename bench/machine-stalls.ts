// bench/machine-stalls: how long the machine takes a core away from a thread that wants it. THREADS
// threads (1 by default) each spin for SPIN_SECONDS (20) reading `process.hrtime`, and every gap between
// two readings over 0.5 ms is a stretch in which that thread did not run: the kernel ran something
// else on its core (a kernel thread, another process) or the hypervisor did not run the core at all.
// On an idle machine such stalls are a floor under any latency measured on it: a server thread held
// off its core for 5 ms holds the sockets it would have read for as long, and the routing bench's
// clients see that wait while the server's histogram does not (docs/operations.md). Prints JSON: the
// stalls over 2, 5 and 10 ms, the longest, and the time lost in stalls per second of each thread.
// Run it on an otherwise idle machine.
// Usage: node --import tsx bench/machine-stalls.ts   (SPIN_SECONDS, THREADS to change)
import { Worker } from 'node:worker_threads'
import { cpus, loadavg } from 'node:os'

/** What one spinning thread saw: every gap over 0.5 ms (ms), and how long it spun (ms). */
interface Spun {
  gaps: number[]
  spunMs: number
}

// The spinning thread, as plain JavaScript: a worker does not load TypeScript through tsx. A gap over
// 0.5 ms is a stall; shorter ones are the clock's read and the loop's own jitter.
const SPIN = `
const { parentPort, workerData: seconds } = require('node:worker_threads')
const start = process.hrtime.bigint()
const end = start + BigInt(seconds * 1e9)
const gaps = []
let last = start
for (;;) {
  const now = process.hrtime.bigint()
  const gap = Number(now - last) / 1e6
  if (gap > 0.5) gaps.push(gap)
  last = now
  if (now >= end) break
}
parentPort.postMessage({ gaps, spunMs: Number(last - start) / 1e6 })
`

const SECONDS = Number(process.env.SPIN_SECONDS ?? 20)
const THREADS = Number(process.env.THREADS ?? 1)
if (!(SECONDS > 0) || !Number.isInteger(THREADS) || THREADS < 1)
  throw new Error(
    `SPIN_SECONDS must be over 0 and THREADS a whole number over 0, not ${SECONDS} and ${THREADS}`,
  )
const loadBefore = loadavg()[0]!
const spun = await Promise.all(
  Array.from(
    { length: THREADS },
    () =>
      new Promise<Spun>((resolve, reject) => {
        const worker = new Worker(SPIN, { eval: true, workerData: SECONDS })
        let reported = false
        worker.once('message', (result: Spun) => {
          reported = true
          resolve(result)
        })
        worker.once('error', reject)
        // A thread ends once it has reported; only one that ends before reporting failed.
        worker.once('exit', (code) => {
          if (!reported) reject(new Error(`a spinning thread exited with ${code} before reporting`))
        })
      }),
  ),
)
// A benchmark that cannot measure fails: every thread must have spun for the whole time.
for (const { spunMs } of spun)
  if (spunMs < SECONDS * 1000) throw new Error(`a thread spun ${spunMs} ms of ${SECONDS * 1000}`)
const gaps = spun.flatMap((thread) => thread.gaps).sort((a, b) => b - a)
const over = (ms: number) => gaps.filter((gap) => gap > ms).length
console.log(
  JSON.stringify(
    {
      bench: 'machine-stalls',
      seconds: SECONDS,
      threads: THREADS,
      // Stalls of every thread, counted together; the time lost is the stalls' sum (gaps over 0.5 ms only).
      stalls: {
        over2Ms: over(2),
        over5Ms: over(5),
        over10Ms: over(10),
        longestMs: gaps.slice(0, 8).map((gap) => Number(gap.toFixed(2))),
        stolenMsPerSecond: Number((gaps.reduce((sum, gap) => sum + gap, 0) / SECONDS / THREADS).toFixed(2)),
      },
      machine: {
        cores: cpus().length,
        loadAverage1m: [Number(loadBefore.toFixed(2)), Number(loadavg()[0]!.toFixed(2))],
      },
    },
    null,
    2,
  ),
)
