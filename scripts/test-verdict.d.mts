/** How a runner ended. */
export interface Outcome {
  code: number | null
  signal?: string | null
  timedOut?: boolean
}
/** Counts of one runner, and why its own counts were overruled (null when they were not). */
export interface Counts {
  passed: number
  failed: number
  reason: string | null
}
/** Lines of test files that narrow a run with `.only` (or node:test's `{ only: true }`). */
export function findOnly(files: string[], read?: (file: string) => string): string[]
/** Counts of a node:test run from its TAP output and its exit. */
export function tapCounts(output: string, outcome: Outcome): Counts
/** Counts of a Web Test Runner run from the counting reporter's JSON and its exit. */
export function reportCounts(report: { passed?: number; failed?: number } | null, outcome: Outcome): Counts
/** One failed test of a node:test run: its name, its error's first lines, where it failed. */
export interface Failure {
  name: string
  error: string[]
  at: string
}
/** The failed tests of a node:test TAP report (innermost only). */
export function tapFailures(output: string): Failure[]
