// `npm test`: makes sure Chromium is there, runs every suite (browser, tools, server, end-to-end) and
// ends with one line `N passed, N failed` that sums them. `node scripts/test.mjs server` runs one suite.
// A runner that exits non-zero, crashes or outlives its time limit counts as failed whatever it reported.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'
import { findOnly, reportCounts, tapCounts } from './test-verdict.mjs'

const results = 'test-results'
const only = process.argv.slice(2)
const wants = (suite) => only.length === 0 || only.includes(suite)
const MINUTE = 60_000
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
 * KILL). Resolves with its exit code, signal, whether it timed out, and its stdout when captured.
 * With `held`, its stdout is printed when it ends, not line by line (a runner beside another).
 */
function run(command, args, { capture = false, held = false, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
      detached: true,
    })
    let output = ''
    let timedOut = false
    running.add(child.pid)
    let killer
    const timer = setTimeout(() => {
      timedOut = true
      console.error(`\n✗ ${command} ${args.join(' ')}: still running after ${timeoutMs} ms, stopped`)
      signalGroup(child.pid, 'SIGTERM')
      killer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 10_000)
    }, timeoutMs)
    let kept = ''
    child.stdout.on('data', (chunk) => {
      if (held) kept += chunk
      else process.stdout.write(chunk)
      if (capture) output += chunk
    })
    child.on('close', (code, signal) => {
      process.stdout.write(kept)
      clearTimeout(timer)
      clearTimeout(killer)
      running.delete(child.pid)
      // Whatever the runner left behind in its group (a browser, a server) goes with it.
      signalGroup(child.pid, 'SIGKILL')
      resolve({ code, signal, timedOut, output })
    })
  })
}

/** Prints why a runner's own counts were overruled, and returns the counts. */
function judged(name, counts) {
  if (counts.reason) console.error(`\n✗ ${name}: the runner ${counts.reason}; counted as failed`)
  return counts
}

async function nodeSuite(name, dir, { extra = [], testTimeoutMs, runnerTimeoutMs, held = false }) {
  const files = filesUnder(dir, /\.test\.ts$/)
  if (files.length === 0) return { passed: 0, failed: 0 }
  console.log(`\n── ${name}: ${files.length} file(s)${held ? ', its report printed when it ends' : ''}`)
  const outcome = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=tap',
      `--test-timeout=${testTimeoutMs}`,
      ...extra,
      ...files,
    ],
    { capture: true, held, timeoutMs: limit(runnerTimeoutMs) },
  )
  return judged(name, tapCounts(outcome.output, outcome))
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
  for (const file of written?.files ?? []) console.error(`✗ browser: ${file} failed to load or run`)
  return judged('browser', reportCounts(written, outcome))
}

mkdirSync(results, { recursive: true })
const totals = { passed: 0, failed: 0 }
const add = (counts) => {
  totals.passed += counts.passed
  totals.failed += counts.failed
}

// No `.only` lands: a test narrowed to itself hides every other test of its file (or of the run).
const narrowed = findOnly(filesUnder('test', /\.test\.tsx?$/))
for (const line of narrowed) console.error(`✗ .only is not allowed: ${line}`)
add({ passed: 0, failed: narrowed.length })

if (wants('browser') || wants('e2e')) process.env.CHROMIUM_PATH = ensureChromium()
if (wants('e2e')) {
  console.log('\n── build (the end-to-end suite serves the built bundle)')
  const outcome = await run('npm', ['run', 'build', '--silent'], { timeoutMs: limit(10 * MINUTE) })
  if (outcome.code !== 0 || outcome.timedOut) add(judged('build', { passed: 0, failed: 1, reason: 'failed' }))
}
if (wants('browser')) add(await browserSuite())
if (wants('tools'))
  add(await nodeSuite('tools', 'test/tools', { testTimeoutMs: MINUTE, runnerTimeoutMs: 5 * MINUTE }))
// Node 20 applies --test-timeout to each test file as a whole too: it bounds the longest file (every
// wait inside a test has its own, shorter, timeout).
// The end-to-end suite runs one file at a time and leaves part of the second core idle
// (bench/cpu-by-process.mjs shows it): the server suite runs beside it, one file at a time (alone, two
// at a time).
const beside = wants('server') && wants('e2e')
const serverSuite = wants('server')
  ? nodeSuite('server', 'test/server', {
      extra: [`--test-concurrency=${beside ? 1 : 2}`],
      testTimeoutMs: 15 * MINUTE,
      runnerTimeoutMs: 40 * MINUTE,
      held: beside,
    })
  : null
const endToEndSuite = wants('e2e')
  ? nodeSuite('end-to-end', 'test/e2e', {
      extra: ['--test-concurrency=1'],
      testTimeoutMs: 20 * MINUTE,
      runnerTimeoutMs: 60 * MINUTE,
    })
  : null
for (const suite of [serverSuite, endToEndSuite]) if (suite) add(await suite)

console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
