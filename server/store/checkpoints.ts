import type { ServerContext } from '../context'
import type { Queryable } from './database'

/**
 * Checkpoints the embedded PGlite every `timers.checkpointIntervalMs` (PostgreSQL's own
 * `checkpoint_timeout`, 5 minutes), when its write-ahead log moved since the last one.
 *
 * PGlite is PostgreSQL in single-user mode, where no checkpointer runs and no amount of log starts a
 * checkpoint: without one, every 16 MB segment of the log is kept until the process ends (one per
 * 4,600 routed customers or so, in memory for `memory://`, on disk otherwise), and each new segment is
 * a new file created in the middle of the statement that needs it. After a checkpoint PostgreSQL
 * removes the segments before it or renames them for reuse (`min_wal_size`), so the log stays bounded
 * and the next segments are files that already exist. On PostgreSQL its own checkpointer does this.
 *
 * @returns the stop function.
 */
export function startCheckpoints(context: Pick<ServerContext, 'db' | 'timers' | 'background'>): () => void {
  // Where the log was after the last checkpoint: a log that did not move is not checkpointed again.
  let checkpointedAt: string | null = null
  return context.background.repeat(context.timers.checkpointIntervalMs, async () => {
    checkpointedAt = await checkpointIfMoved(context.db, checkpointedAt)
  })
}

/**
 * Runs a CHECKPOINT unless the log is still at `since` (a position from an earlier call); resolves
 * the log's position after it.
 */
export async function checkpointIfMoved(db: Queryable, since: string | null): Promise<string> {
  const position = async () =>
    (await db.query<{ at: string }>('SELECT pg_current_wal_insert_lsn()::text AS at'))[0]?.at ?? ''
  const before = await position()
  if (before === since) return before
  await db.query('CHECKPOINT')
  return position()
}
