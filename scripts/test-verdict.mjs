// How `npm test` turns what a runner printed, reported and exited with into passed/failed counts, so
// that a run cannot lie: a runner's exit status wins over anything it wrote.
import { readFileSync } from 'node:fs'

/** `describe.only(`, `it.only(`, `test.only(`, `suite.only(`, and node:test's `{ only: true }` option. */
const ONLY = [/\b(?:describe|context|it|test|suite|specify)\s*\.\s*only\s*\(/, /\bonly\s*:\s*true\b/]

/**
 * Lines of test files that would narrow a run to a few tests (`.only`): node:test ignores them without
 * `--test-only` in one version and honours them in another, so none may land.
 */
export function findOnly(files, read = (file) => readFileSync(file, 'utf8')) {
  const found = []
  for (const file of files)
    read(file)
      .split('\n')
      .forEach((line, index) => {
        if (ONLY.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`)
      })
  return found
}

/** Whether a runner ended on its own with status 0. */
const exitedCleanly = (outcome) => !outcome.timedOut && outcome.signal == null && outcome.code === 0

/** Why a runner's counts were overruled, or null. */
function overrule(outcome, failed) {
  if (outcome.timedOut) return 'timed out and was killed'
  if (outcome.signal) return `was killed by ${outcome.signal}`
  if (outcome.code !== 0 && failed === 0) return `exited with ${outcome.code} without a failed test`
  return null
}

/**
 * Counts of a node:test run from its TAP summary and its exit. No summary (it crashed), a timeout, a
 * signal or a non-zero exit without a failure each count as one failure.
 *
 * @example
 * tapCounts('# pass 3\n# fail 0\n', { code: 0 }) // { passed: 3, failed: 0, reason: null }
 */
export function tapCounts(output, outcome) {
  const number = (name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(output)?.[1] ?? 0)
  const summarised = /^# pass \d+/m.test(output)
  const passed = summarised ? number('pass') : 0
  const failed = summarised ? number('fail') + number('cancelled') : 0
  const reason =
    outcome.timedOut || outcome.signal || summarised ? overrule(outcome, failed) : 'printed no summary'
  return { passed, failed: reason ? Math.max(failed, 1) : failed, reason }
}

/**
 * Counts of a Web Test Runner run from the counting reporter's JSON (`report`, null when missing) and
 * its exit: a missing report, a run of no test, a timeout, a signal or a non-zero exit without a
 * failure each count as one failure.
 */
export function reportCounts(report, outcome) {
  if (!report)
    return { passed: 0, failed: 1, reason: overrule(outcome, 0) ?? 'exited with 0 but wrote no report' }
  const passed = Number(report.passed) || 0
  const failed = Number(report.failed) || 0
  let reason = overrule(outcome, failed)
  if (!reason && exitedCleanly(outcome) && passed + failed === 0) reason = 'ran no test'
  return { passed, failed: reason ? Math.max(failed, 1) : failed, reason }
}

/** How much of a failure `tapFailures` keeps: a few lines of its error, each cut short. */
const ERROR_LINES = 6
const LINE_CHARS = 240

/**
 * The failed tests of a node:test TAP report, innermost only (a suite that failed because a test in it
 * did is left out), each with its error's first lines and the first frame of its stack: `npm test`
 * prints them again at the very end, where a CI log cut to its tail still shows why a run failed.
 *
 * @example
 * tapFailures(report) // [{ name: 'answers within 100 ms', error: ['263 ms'], at: 'health.test.ts:135:12' }]
 */
export function tapFailures(output) {
  const lines = output.split('\n')
  const found = []
  for (let index = 0; index < lines.length; index++) {
    const head = /^(\s*)not ok \d+ - (.*)$/.exec(lines[index])
    if (!head) continue
    const indent = head[1].length + 2
    const fields = new Map()
    // The YAML block after the line, if any, up to its `...`: top-level keys, with block scalars' lines.
    const block = lines[index + 1]?.trim() === '---' ? index + 2 : lines.length
    let key = null
    for (let at = block; at < lines.length; at++) {
      const line = lines[at]
      if (line.trim() === '...' && line.length - line.trimStart().length === indent) break
      const field = /^(\w+): ?(.*)$/.exec(line.slice(indent))
      if (line.length - line.trimStart().length === indent && field) {
        key = field[1]
        const value = field[2].replace(/^'(.*)'$/, '$1')
        fields.set(key, value === '|-' || value === '>-' ? [] : [value])
      } else if (key) fields.get(key)?.push(line.trim())
    }
    if (fields.get('failureType')?.[0] === 'subtestsFailed') continue
    const short = (line) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line)
    found.push({
      name: head[2].replace(/\\#/g, '#'),
      error: (fields.get('error') ?? []).slice(0, ERROR_LINES).map(short),
      at: short(fields.get('stack')?.[0] ?? fields.get('location')?.[0] ?? ''),
    })
  }
  return found
}
