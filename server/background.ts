import type { Clock } from './clock'

/**
 * Timers and fire-and-forget work of one server, tracked so that `close()` can cancel the timers,
 * wait for work in flight, and only then close the database.
 */
export class Background {
  readonly #timers = new Set<() => void>()
  readonly #work = new Set<Promise<void>>()
  #closed = false

  constructor(
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `task` after `ms` (tracked); returns a cancel function. */
  after(ms: number, task: () => Promise<void>): () => void {
    if (this.#closed) return () => undefined
    const cancel = this.clock.setTimeout(() => {
      this.#timers.delete(cancel)
      this.run(task)
    }, ms)
    this.#timers.add(cancel)
    return () => {
      cancel()
      this.#timers.delete(cancel)
    }
  }

  /** Runs `task` now without waiting for it; errors are logged, never thrown. */
  run(task: () => Promise<void>): void {
    if (this.#closed) return
    const promise = task()
      .catch(this.onError)
      .finally(() => this.#work.delete(promise))
    this.#work.add(promise)
  }

  /** Cancels every timer and waits for the work in flight. */
  async close(): Promise<void> {
    this.#closed = true
    for (const cancel of this.#timers) cancel()
    this.#timers.clear()
    while (this.#work.size > 0) await Promise.allSettled([...this.#work])
  }
}
