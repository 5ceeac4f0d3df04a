// A Web Test Runner reporter that counts passed and failed tests into a JSON file, so `npm test` can
// add the browser suite to its one summing line. `npm test` trusts it only when the runner exits 0.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'

/** Counts a suite's tests into `totals`, and lists each failed one (file, names, error) in `failures`. */
function countSuite(suite, totals, failures, file, path = []) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1
    else if (test.passed) totals.passed += 1
    else {
      totals.failed += 1
      const name = [...path, test.name].filter(Boolean).join(' › ')
      failures.push({ file, name, error: String(test.error?.message ?? '').slice(0, 1_000) })
    }
  }
  for (const child of suite.suites ?? []) countSuite(child, totals, failures, file, [...path, child.name])
}

/**
 * Counts every test of every session; a session (one test file) that failed without a failed test
 * (it did not load, threw on import, used a forbidden `.only`, timed out, crashed its page) counts as
 * one failure, never as nothing. `files` lists the sessions that failed that way; `failures` each failed
 * test, with its file and error (npm test says them again at the end of its run).
 */
export function countingReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, files: [], failures: [] }
      for (const session of sessions) {
        const own = { passed: 0, failed: 0, skipped: 0 }
        if (session.testResults)
          countSuite(session.testResults, own, totals.failures, relative(process.cwd(), session.testFile))
        if (!session.passed && own.failed === 0) {
          own.failed = 1
          totals.files.push(session.testFile)
        }
        totals.passed += own.passed
        totals.failed += own.failed
        totals.skipped += own.skipped
      }
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, JSON.stringify(totals))
    },
  }
}
