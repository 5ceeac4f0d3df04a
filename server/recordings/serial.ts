/**
 * Runs tasks of one key one after the other in this process (a recording's chunks, whichever of its
 * sockets brought them: an old one closing and a new one reconnecting may overlap).
 */
export class SerialByKey {
  readonly #tails = new Map<string, Promise<unknown>>()

  /** Runs `task` after every task of `key` queued before it. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    const next = previous.then(task, task)
    const tail = next.catch(() => undefined)
    this.#tails.set(key, tail)
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    })
    return next
  }
}
