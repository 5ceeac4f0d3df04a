import type { Clock } from './clock'

/** The named jobs of the server (see `Background.define`). */
export type JobName = 'offer-expiry'

/**
 * Timers and fire-and-forget work of one server, tracked so that `close()` can cancel the timers,
 * wait for work in flight, and only then close the database.
 */
export class Background {
  readonly #jobs = new Map<JobName, (subject: string) => Promise<void>>()
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

  /**
   * Runs `task` every `ms` (tracked), each turn armed once the last one is over, so turns never
   * overlap; a turn that fails is logged and the next one still comes. Returns the stop function.
   */
  repeat(ms: number, task: () => Promise<void>): () => void {
    let cancel = () => {}
    let stopped = false
    const next = () => {
      if (stopped) return
      cancel = this.after(ms, async () => {
        try {
          await task()
        } finally {
          next()
        }
      })
    }
    next()
    return () => {
      stopped = true
      cancel()
    }
  }

  /**
   * Names the task run for a job, so a module can arm a job of another without importing it (ring
   * timeouts re-dispatch, and dispatching arms ring timeouts).
   */
  define(name: JobName, task: (subject: string) => Promise<void>): void {
    this.#jobs.set(name, task)
  }

  /** Runs job `name` for `subject` (an offer id…) after `ms`; returns a cancel function. */
  schedule(ms: number, name: JobName, subject: string): () => void {
    const task = this.#jobs.get(name)
    if (!task) throw new Error(`No task defined for the job ${name}`)
    return this.after(ms, () => task(subject))
  }

  /** Runs `task` now without waiting for it; errors are logged, never thrown. */
  run(task: () => Promise<void>): void {
    if (this.#closed) return
    const promise = task()
      .catch(this.onError)
      .finally(() => this.#work.delete(promise))
    this.#work.add(promise)
  }

  /** Resolves once no work is in flight, including work that work in flight started. */
  async idle(): Promise<void> {
    while (this.#work.size > 0) await Promise.allSettled([...this.#work])
  }

  /** Cancels every timer and waits for the work in flight. */
  async close(): Promise<void> {
    this.#closed = true
    for (const cancel of this.#timers) cancel()
    this.#timers.clear()
    await this.idle()
  }
}
