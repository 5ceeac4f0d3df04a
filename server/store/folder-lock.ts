import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { resolve } from 'node:path'

/** A PGlite folder is open in another server process: opening it again would split the brain. */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The database folder ${folder} is already open in another server process (pid ${owner.pid} on ${owner.host}, ` +
        `since ${owner.since}). Stop that process first; to run several processes, use PostgreSQL (DATABASE_URL). ` +
        `If that process is gone, delete ${folder}.lock.`,
    )
    this.name = 'FolderInUseError'
  }
}

/** What a lock file says about its holder. */
export interface LockOwner {
  pid: number
  host: string
  since: string
}

/** Folders this process holds: a second open in the same process is refused too. */
const held = new Set<string>()

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>
    if (typeof owner.pid === 'number' && typeof owner.host === 'string')
      return { pid: owner.pid, host: owner.host, since: String(owner.since ?? '') }
  } catch {
    // Unreadable or half-written (a crash while writing it): nobody can be proved to hold it.
  }
  return null
}

/** Whether a process of this machine with that pid runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the lock's holder may still be there: another machine's holder cannot be checked. */
function holds(owner: LockOwner | null): owner is LockOwner {
  if (!owner) return false
  if (owner.host !== hostname()) return true
  // Our own pid here means a pid reused after a crash (the folders we hold are in `held`).
  return owner.pid !== process.pid && alive(owner.pid)
}

/**
 * Takes the lock of a PGlite folder: a file `<folder>.lock` beside it naming this process. A lock
 * whose process is gone (a `kill -9`, a crash) is stale and taken over; a live one is refused with a
 * {@link FolderInUseError}. Returns the release.
 *
 * @example
 * const release = lockFolder('.data/pglite')
 */
export function lockFolder(folder: string): () => void {
  const key = resolve(folder)
  const path = `${key}.lock`
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  if (held.has(key)) throw new FolderInUseError(folder, me)
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, JSON.stringify(me))
      closeSync(fd)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        const owner = readOwner(path)
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && owner)
          throw new FolderInUseError(folder, owner)
        throw error
      }
      const owner = readOwner(path)
      if (holds(owner)) throw new FolderInUseError(folder, owner)
      unlinkSync(path)
    }
  }
  held.add(key)
  return () => {
    if (!held.delete(key)) return
    if (readOwner(path)?.pid === me.pid) unlinkSync(path)
  }
}
