import type { Lifecycle } from './lifecycle'

/**
 * How long `/readyz` waits for the database's answer: a fifth of the 100 ms the reply must fit in,
 * the rest for a busy event loop. Waiting longer would tell nothing more: a late answer from a
 * database that answered lately reads `slow`, which is still ready.
 */
export const DATABASE_PROBE_BUDGET_MS = 20

/**
 * A database slower than the budget still counts as reachable when some statement of this process
 * succeeded this recently: a busy process must not drop out of its load balancer for being busy.
 */
export const DATABASE_RECENT_MS = 5_000

/** What `/readyz` reports. */
export interface Readiness {
  ready: boolean
  checks: {
    /** `ok`: answered `SELECT 1` in time; `slow`: not in time, but answered lately; `unreachable`: neither. */
    database: 'ok' | 'slow' | 'unreachable'
    migrations: 'ok' | 'pending'
    /** `ok` while listening and not draining (socket.io accepts connections). */
    sockets: 'ok' | 'closed'
    draining: boolean
  }
}

/** What readiness is read from. */
export interface ReadinessSources {
  lifecycle: Lifecycle
  /** Runs `SELECT 1` (or equivalent). */
  probe: () => Promise<unknown>
  /** `now()` of the last statement that succeeded. */
  lastSuccessAt: () => number
  now: () => number
}

/**
 * Whether this process should get traffic: database reachable, migrations done, socket.io accepting,
 * not draining. Answers within `DATABASE_PROBE_BUDGET_MS` plus a few milliseconds whatever the
 * database does (the budget is wall time, not the server's clock: it bounds a real reply).
 *
 * @example
 * const { ready, checks } = await readiness({ lifecycle, probe: () => db.query('SELECT 1'), lastSuccessAt, now })
 */
export async function readiness(sources: ReadinessSources): Promise<Readiness> {
  const database = await probeDatabase(sources)
  const { lifecycle } = sources
  const checks: Readiness['checks'] = {
    database,
    migrations: lifecycle.migrated ? 'ok' : 'pending',
    sockets: lifecycle.listening && !lifecycle.draining ? 'ok' : 'closed',
    draining: lifecycle.draining,
  }
  const ready =
    checks.database !== 'unreachable' &&
    checks.migrations === 'ok' &&
    checks.sockets === 'ok' &&
    !checks.draining
  return { ready, checks }
}

async function probeDatabase(sources: ReadinessSources): Promise<Readiness['checks']['database']> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DATABASE_PROBE_BUDGET_MS)
    timer.unref()
  })
  // A probe that fails after the budget ran out must not become an unhandled rejection.
  const answered = Promise.resolve()
    .then(sources.probe)
    .then(
      () => 'ok' as const,
      () => 'failed' as const,
    )
  const answer = await Promise.race([answered, late])
  clearTimeout(timer)
  if (answer === 'ok') return 'ok'
  if (answer === 'failed') return 'unreachable'
  return sources.now() - sources.lastSuccessAt() < DATABASE_RECENT_MS ? 'slow' : 'unreachable'
}
