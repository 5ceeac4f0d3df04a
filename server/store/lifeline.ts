import pg from 'pg'

/**
 * One PostgreSQL connection a process holds for as long as it lives, so that the others can tell at
 * once that it died: PostgreSQL sees the connection close when the process is killed (even `kill -9`)
 * and its backend leaves `pg_stat_activity`. The process writes the backend's pid in its `nodes` row;
 * a row whose pid is gone is a dead process, without waiting for its heartbeat to age.
 */
export class Lifeline {
  #client: pg.Client | null = null
  #pid: number | null = null
  #closed = false

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The pid of the held connection's backend, connecting again if it was lost; null if it cannot. */
  async pid(): Promise<number | null> {
    if (this.#closed) return null
    if (this.#client) return this.#pid
    const client = new pg.Client({ connectionString: this.connectionString })
    const lost = (error?: unknown) => {
      if (error) this.onError(error)
      if (this.#client === client) {
        this.#client = null
        this.#pid = null
      }
    }
    client.on('error', lost)
    client.on('end', () => lost())
    try {
      await client.connect()
      const rows = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      this.#client = client
      this.#pid = rows.rows[0]?.pid ?? null
      return this.#pid
    } catch (error) {
      this.onError(error)
      await client.end().catch(() => undefined)
      return null
    }
  }

  /** Lets the connection go (the process is stopping: its `nodes` row is removed too). */
  async close(): Promise<void> {
    this.#closed = true
    const client = this.#client
    this.#client = null
    this.#pid = null
    await client?.end().catch(() => undefined)
  }
}
