// `npm test`: makes sure Chromium is there, runs every suite (browser, server, end-to-end) and ends with
// one line `N passed, N failed` that sums them. `node scripts/test.mjs server` runs one suite.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './ensure-chromium.mjs'

const results = 'test-results'
const only = process.argv.slice(2)
const wants = (suite) => only.length === 0 || only.includes(suite)

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

function run(command, args, { capture } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env })
    let output = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      if (capture) output += chunk
    })
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** Counts from node:test's TAP summary; a suite that crashed before its summary counts as one failure. */
function countTap(output, code) {
  const pass = Number(/^# pass (\d+)/m.exec(output)?.[1] ?? 0)
  const fail = Number(/^# fail (\d+)/m.exec(output)?.[1] ?? 0)
  const cancelled = Number(/^# cancelled (\d+)/m.exec(output)?.[1] ?? 0)
  if (!/^# pass \d+/m.test(output)) return { passed: 0, failed: 1 }
  const failed = fail + cancelled
  return { passed: pass, failed: code !== 0 && failed === 0 ? 1 : failed }
}

async function nodeSuite(name, dir, extra = []) {
  const files = filesUnder(dir, /\.test\.ts$/)
  if (files.length === 0) return { passed: 0, failed: 0 }
  console.log(`\n── ${name}: ${files.length} file(s)`)
  const { code, output } = await run(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=tap', ...extra, ...files],
    { capture: true },
  )
  return countTap(output, code)
}

async function browserSuite() {
  console.log('\n── browser')
  rmSync(join(results, 'browser.json'), { force: true })
  const { code } = await run('npx', ['web-test-runner'])
  try {
    return JSON.parse(readFileSync(join(results, 'browser.json'), 'utf8'))
  } catch {
    return { passed: 0, failed: code === 0 ? 0 : 1 }
  }
}

mkdirSync(results, { recursive: true })
const totals = { passed: 0, failed: 0 }
const add = (counts) => {
  totals.passed += counts.passed
  totals.failed += counts.failed
}

if (wants('browser') || wants('e2e')) process.env.CHROMIUM_PATH = ensureChromium()
if (wants('e2e')) {
  console.log('\n── build (the end-to-end suite serves the built bundle)')
  const { code } = await run('npm', ['run', 'build', '--silent'])
  if (code !== 0) add({ passed: 0, failed: 1 })
}
if (wants('browser')) add(await browserSuite())
if (wants('server')) add(await nodeSuite('server', 'test/server', ['--test-concurrency=2']))
if (wants('e2e')) add(await nodeSuite('end-to-end', 'test/e2e', ['--test-concurrency=1']))

console.log(`\n${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
