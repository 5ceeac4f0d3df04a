import * as v from 'valibot'
import { describeIssue } from '../src/protocol'

/** One line of the report: a documented expectation, met or not. */
export interface Check {
  /** What was checked: the event or call (`console:settings`, `POST /auth/login`). */
  subject: string
  /** What about it (`payload`, `ack`, `arrives`). */
  aspect: string
  ok: boolean
  /** On failure: the field at fault and why (`pageSize: missing`), or what went wrong. */
  detail: string | null
}

/** Collects the checks of a run and prints each as it is made. */
export class Report {
  readonly checks: Check[] = []

  constructor(private readonly print: (line: string) => void) {}

  /** Records a check and prints `PASS`/`FAIL`, the subject and, on failure, what is at fault. */
  record(subject: string, aspect: string, ok: boolean, detail: string | null = null): boolean {
    this.checks.push({ subject, aspect, ok, detail: ok ? null : detail })
    this.print(`${ok ? 'PASS' : 'FAIL'}  ${subject} (${aspect})${ok || !detail ? '' : `: ${detail}`}`)
    return ok
  }

  /**
   * Checks a payload against the contract's schema, strictly (no console defaults): every field a
   * conforming server sends must be there. On failure the detail names each field at fault.
   */
  payload<S extends v.GenericSchema>(subject: string, aspect: string, schema: S, payload: unknown): boolean {
    const parsed = v.safeParse(schema, payload)
    if (parsed.success) return this.record(subject, aspect, true)
    const problems = parsed.issues.map((issue) => {
      const { field, reason } = describeIssue(issue)
      return `${field}: ${reason}`
    })
    return this.record(subject, aspect, false, [...new Set(problems)].join('; '))
  }

  /** Whether every check passed. */
  get passed(): boolean {
    return this.checks.every((check) => check.ok)
  }
}
