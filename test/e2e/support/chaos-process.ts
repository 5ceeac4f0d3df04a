// The pieces of a chaos test: reference server processes on PGlite folders (started, killed with
// `kill -9`, started again on the same folder and port), agent logins and authenticated agent sockets.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_PASSWORD } from '../../../server/store/seed-content'
import { EventClient } from '../../server/support/event-client'
import { startServer, type RunningServer } from './server'

/**
 * What a chaos test opened: its folders, processes and sockets, all gone after `cleanup()` (call it
 * after each test). The members are bound functions, so a test file may destructure them.
 */
export class ChaosLab {
  /** Every socket opened, closed by `cleanup()` (a test adds its own customers' sockets here). */
  readonly clients: EventClient[] = []
  readonly #servers: RunningServer[] = []
  readonly #folders: string[] = []

  /** @param timers the `TIMERS` (JSON of the server's short timers) of every process started. */
  constructor(readonly timers: string) {}

  /** A fresh PGlite folder, removed by `cleanup()`. */
  dataDir = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'chaos-'))
    this.#folders.push(folder)
    return join(folder, 'pglite')
  }

  /** A server process with this lab's timers and `env` (e.g. `DATA_DIR`), on `port` if given. */
  start = async (env: Record<string, string>, port?: number): Promise<RunningServer> => {
    const server = await startServer({ TIMERS: this.timers, ...env }, port)
    this.#servers.push(server)
    return server
  }

  /** An agent socket on `server`, authenticated with `accessToken` in `sessionId`. */
  authenticate = async (
    server: RunningServer,
    accessToken: string,
    sessionId: string,
  ): Promise<EventClient> => {
    const client = new EventClient(server.url)
    this.clients.push(client)
    await client.connected()
    const reply = await client.request('authenticate', { accessToken, sessionId, timezone: 'UTC' })
    assert.ok(reply.ok, `authenticate: ${JSON.stringify(reply)}`)
    return client
  }

  /** Closes every socket, stops every process and removes every folder. */
  cleanup = async (): Promise<void> => {
    for (const client of this.clients.splice(0)) client.close()
    await Promise.all(this.#servers.splice(0).map((server) => server.stop()))
    for (const folder of this.#folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  }
}

/** Logs in a demo user on `server` and returns their access token. */
export async function login(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, agreement: true }),
  })
  assert.equal(response.status, 200)
  return ((await response.json()) as { accessToken: string }).accessToken
}
