// `npm test`: makes sure Chromium is there, runs every suite (browser, tools, server, end-to-end) and
// ends with one line `N passed, N failed` that sums them. `node scripts/test.mjs server` runs one suite.
// Two lanes, one per core, take the work: the build and the end-to-end files; the browser, tools and
// server suites, then end-to-end files as well.
// A runner that exits non-zero, crashes or outlives its time limit counts as failed whatever it reported.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'
import { findOnly, reportCounts, tapCounts, tapFailures } from './test-verdict.mjs'

const results = 'test-results'
const only = process.argv.slice(2)
const wants = (suite) => only.length === 0 || only.includes(suite)
const MINUTE = 60_000
/** When the run started: each file's line says when it ended, so a log shows how the lanes shared the run. */
const runStarted = Date.now()
const sinceStart = () => `${Math.round((Date.now() - runStarted) / 1000)} s into the run`
/** RUNNER_TIMEOUT_MS overrides every runner's time limit (to prove that a hung runner fails the run). */
const limit = (ms) => Number(process.env.RUNNER_TIMEOUT_MS) || ms
/** Process groups of the runners under way: an interrupted `npm test` stops them too (they are detached). */
const running = new Set()
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    for (const group of running) signalGroup(group, 'SIGKILL')
    process.exit(130)
  })

function signalGroup(group, signal) {
  try {
    process.kill(-group, signal)
  } catch {
    // The group is already gone.
  }
}

function filesUnder(dir, pattern) {
  let found = []
  let entries
  try {
    entries = readdirSync(dir)
  } catch {
    return found
  }
  for (const entry of entries) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) found = found.concat(filesUnder(path, pattern))
    else if (pattern.test(entry)) found.push(path)
  }
  return found.sort()
}

/**
 * Runs a command in its own process group; past `timeoutMs` the whole group is stopped (TERM, then
 * KILL). Resolves with its exit code, signal, whether it timed out, and its stdout. With `held`, its
 * stdout is kept for the caller to print, not printed line by line (a runner beside another).
 */
function run(command, args, { held = false, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', held ? 'pipe' : 'inherit'],
      env: process.env,
      detached: true,
    })
    let output = ''
    let errors = ''
    let timedOut = false
    running.add(child.pid)
    let killer
    const timer = setTimeout(() => {
      timedOut = true
      console.error(`\n✗ ${command} ${args.join(' ')}: still running after ${timeoutMs} ms, stopped`)
      signalGroup(child.pid, 'SIGTERM')
      killer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000)
    }, timeoutMs)
    child.stdout.on('data', (chunk) => {
      if (!held) process.stdout.write(chunk)
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      errors += chunk
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      clearTimeout(killer)
      running.delete(child.pid)
      // Whatever the runner left behind in its group (a browser, a server) goes with it.
      signalGroup(child.pid, 'SIGKILL')
      resolve({ code, signal, timedOut, output, errors })
    })
  })
}

/** What failed, said again at the end of the run: a log read from its tail still says why. */
const failures = []

/** Prints why a runner's own counts were overruled, and returns the counts. */
function judged(name, counts) {
  if (counts.reason) {
    console.error(`\n✗ ${name}: the runner ${counts.reason}; counted as failed`)
    failures.push(`✗ ${name}: the runner ${counts.reason}`)
  }
  return counts
}

/**
 * V8 flags of the processes that open PGlite themselves (the server and tools files). `--liftoff-only`
 * keeps its WebAssembly on V8's baseline compiler: each process otherwise spends about 2 s of CPU
 * recompiling PGlite's hot functions with the optimizing one, more than a test file's queries gain back
 * (the server suite: 634 → 563 core-seconds, bench/cpu-by-process.mjs). The end-to-end tests' servers
 * have it too (test/e2e/support/server.ts); `npm start` never has it.
 */
const PGLITE_FLAGS = ['--liftoff-only']

/** How each node:test suite runs a file: its folder, time limits, and node flags. */
const NODE_SUITES = {
  tools: { dir: 'test/tools', testTimeoutMs: MINUTE, runnerTimeoutMs: 5 * MINUTE, flags: PGLITE_FLAGS },
  server: {
    dir: 'test/server',
    testTimeoutMs: 15 * MINUTE,
    runnerTimeoutMs: 16 * MINUTE,
    flags: PGLITE_FLAGS,
  },
  'end-to-end': { dir: 'test/e2e', testTimeoutMs: 20 * MINUTE, runnerTimeoutMs: 21 * MINUTE, flags: [] },
}

/**
 * Runs one test file in its own node:test runner and prints its report whole when it ends (another file
 * runs beside it), then one line with its counts and time. Node 20 applies --test-timeout to the file as
 * a whole too: it bounds the longest file (every wait inside a test has its own, shorter, timeout).
 */
async function nodeFile(suite, file) {
  const { testTimeoutMs, runnerTimeoutMs, flags } = NODE_SUITES[suite]
  const started = Date.now()
  const outcome = await run(
    process.execPath,
    [...flags, '--import', 'tsx', '--test', '--test-reporter=tap', `--test-timeout=${testTimeoutMs}`, file],
    { held: true, timeoutMs: limit(runnerTimeoutMs) },
  )
  process.stdout.write(`\n── ${suite}: ${file}\n${outcome.output}`)
  process.stderr.write(outcome.errors)
  const counts = judged(`${suite} ${file}`, tapCounts(outcome.output, outcome))
  for (const { name, error, at } of tapFailures(outcome.output))
    failures.push([`✗ ${suite} ${file}: ${name}`, ...error, ...(at ? [`at ${at}`] : [])].join('\n    '))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `── ${suite}: ${file}: ${counts.passed} passed, ${counts.failed} failed in ${seconds} s (${sinceStart()})`,
  )
  return counts
}

async function browserSuite() {
  console.log('\n── browser')
  const report = join(results, 'browser.json')
  rmSync(report, { force: true })
  const outcome = await run('npx', ['web-test-runner'], { timeoutMs: limit(20 * MINUTE) })
  let written = null
  try {
    written = JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    // No report: reportCounts counts it as a failure.
  }
  for (const file of written?.files ?? []) {
    console.error(`✗ browser: ${file} failed to load or run`)
    failures.push(`✗ browser ${file}: failed to load or run`)
  }
  for (const { file, name, error } of written?.failures ?? [])
    failures.push([`✗ browser ${file}: ${name}`, ...String(error).split('\n').slice(0, 6)].join('\n    '))
  console.log(`── browser: ended ${sinceStart()}`)
  return judged('browser', reportCounts(written, outcome))
}

mkdirSync(results, { recursive: true })
/** Counts by suite, in the order the suites are named at the end. */
const totals = new Map(
  ['.only', 'build', 'browser', 'tools', 'server', 'end-to-end'].map((name) => [name, null]),
)
const add = (suite, counts) => {
  const sum = totals.get(suite) ?? { passed: 0, failed: 0 }
  totals.set(suite, { passed: sum.passed + counts.passed, failed: sum.failed + counts.failed })
}

// No `.only` lands: a test narrowed to itself hides every other test of its file (or of the run).
const narrowed = findOnly(filesUnder('test', /\.test\.tsx?$/))
for (const line of narrowed) console.error(`✗ .only is not allowed: ${line}`)
if (narrowed.length > 0) add('.only', { passed: 0, failed: narrowed.length })

if (wants('browser') || wants('e2e')) process.env.CHROMIUM_PATH = ensureChromium()

/**
 * Files that run for minutes, started first: the longest file last in the queue would run alone at the
 * end while the other lane idles (the network lab, about 6 min, ended a CI run 2 min after all else).
 */
const LONGEST_FIRST = ['test/e2e/network-lab.test.ts']

/** The files each node:test suite has left to run: two lanes take them one at a time. */
const queues = Object.fromEntries(
  Object.entries(NODE_SUITES).map(([suite, { dir }]) => [
    suite,
    wants(suite === 'end-to-end' ? 'e2e' : suite)
      ? filesUnder(dir, /\.test\.ts$/).sort(
          (a, b) => Number(LONGEST_FIRST.includes(b)) - Number(LONGEST_FIRST.includes(a)),
        )
      : [],
  ]),
)

/** Runs the files left in `suite`'s queue, one at a time, until another lane has taken the last one. */
async function drain(suite) {
  for (let file = queues[suite].shift(); file; file = queues[suite].shift())
    add(suite, await nodeFile(suite, file))
}

// The end-to-end suite serves the built bundle; the build runs beside the browser suite.
const built = wants('e2e')
  ? (async () => {
      console.log('\n── build (the end-to-end suite serves the built bundle)')
      const outcome = await run('npm', ['run', 'build', '--silent'], {
        held: true,
        timeoutMs: limit(10 * MINUTE),
      })
      process.stdout.write(`${outcome.output}── build: ended ${sinceStart()}\n`)
      process.stderr.write(outcome.errors)
      if (outcome.code !== 0 || outcome.timedOut)
        add('build', judged('build', { passed: 0, failed: 1, reason: 'failed' }))
    })()
  : Promise.resolve()

// Two lanes, one per core. One builds, then runs the end-to-end files; the other runs the browser and
// tools suites, then the server files, then takes end-to-end files too. That last step once saved
// nothing (26 min 30 s against 26 min 36 s for a whole CI run: the lanes ended together). Since the
// server files run on --liftoff-only they sum 18 % less (998 → 821 s), and the second lane sat idle for
// minutes while the first ran end-to-end files alone. Run alone, the server suite takes both lanes.
const lanes = [
  (async () => {
    await built
    await drain('end-to-end')
    await drain('server')
  })(),
  (async () => {
    if (wants('browser')) add('browser', await browserSuite())
    await drain('tools')
    await built
    await drain('server')
    await drain('end-to-end')
  })(),
]
await Promise.all(lanes)

/** At most this many failures are said again (a broken `before` cancels every test of its file). */
const FAILURES_SHOWN = 20
if (failures.length > 0) {
  const more = failures.length - FAILURES_SHOWN
  console.log(`\n── failures\n${failures.slice(0, FAILURES_SHOWN).join('\n')}`)
  if (more > 0) console.log(`… and ${more} more (above, in each file's report)`)
}
const sum = { passed: 0, failed: 0 }
console.log('')
for (const [suite, counts] of totals) {
  if (!counts) continue
  console.log(`── ${suite}: ${counts.passed} passed, ${counts.failed} failed`)
  sum.passed += counts.passed
  sum.failed += counts.failed
}
console.log(`\n${sum.passed} passed, ${sum.failed} failed`)
process.exit(sum.failed === 0 ? 0 : 1)
