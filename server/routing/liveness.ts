import type { ServerContext } from '../context'

/**
 * The oldest heartbeat of a live process. On PostgreSQL, `nodeTtlMs` ago. On PGlite there is one
 * process (the folder's lock file sees to that) and it is this one, alive whatever its heartbeat says:
 * a stalled event loop (a busy machine) must not make it take its own agents for dead.
 */
export function liveSince(
  context: Pick<ServerContext, 'db' | 'clock' | 'timers'>,
  now = context.clock.now(),
): Date {
  return context.db.kind === 'pglite' ? new Date(0) : new Date(now - context.timers.nodeTtlMs)
}
