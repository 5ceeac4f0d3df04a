// A Web Test Runner reporter that counts passed and failed tests into a JSON file, so `npm test` can
// add the browser suite to its one summing line.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

function countSuite(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1
    else if (test.passed) totals.passed += 1
    else totals.failed += 1
  }
  for (const child of suite.suites ?? []) countSuite(child, totals)
}

export function countingReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 }
      for (const session of sessions) {
        if (session.testResults) countSuite(session.testResults, totals)
        // A file that fails to load has no results: count it as one failure, never as nothing.
        if (!session.passed && (!session.testResults || session.errors?.length))
          totals.failed += session.errors?.length ? 1 : 0
      }
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, JSON.stringify(totals))
    },
  }
}
