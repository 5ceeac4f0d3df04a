import type { Queryable } from '../store/database'
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

/**
 * Whether the process `nodeId` is alive: this one always; on PGlite no other (one process per
 * folder); on PostgreSQL one whose heartbeat is fresh and whose lifeline connection is still there.
 */
export async function nodeIsAlive(
  context: Pick<ServerContext, 'db' | 'clock' | 'timers' | 'nodeId'>,
  db: Queryable,
  nodeId: string | null,
  now = context.clock.now(),
): Promise<boolean> {
  if (!nodeId) return false
  if (nodeId === context.nodeId) return true
  if (context.db.kind === 'pglite') return false
  const rows = await db.query(
    `SELECT 1 FROM nodes n WHERE n.id = $1 AND n.heartbeat_at > $2
        AND (n.backend_pid IS NULL OR EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend_pid))`,
    [nodeId, liveSince(context, now)],
  )
  return rows.length > 0
}
