import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../e2e/support/server'

/** A PostgreSQL server of its own, for one test file: a fresh cluster in a temporary folder. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string
  /** A new empty database on this cluster; returns its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>
}

/** How long the server may take to accept connections, and to stop. */
const START_MS = 60_000
const STOP_MS = 20_000

/** The folder of Debian's PostgreSQL binaries (the newest installed), or null. */
function findBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/** As root: Debian's `postgresql` package, when no PostgreSQL is installed (a CI container). */
function installPostgres(): string {
  if (process.getuid?.() !== 0)
    throw new Error(
      'PostgreSQL is not installed (/usr/lib/postgresql/*/bin) and this test is not root to install it',
    )
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update'], { stdio: 'ignore', env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: 'ignore',
    env,
  })
  const found = findBinaries()
  if (!found) throw new Error('apt-get installed postgresql, but no /usr/lib/postgresql/*/bin/postgres')
  return found
}

/** Root may not run PostgreSQL: as root, its programs run as the `postgres` user (uid and gid). */
function owner(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {}
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
  }
}

/**
 * Starts a throwaway PostgreSQL: `initdb` into a temporary folder (owned by `postgres` when run as
 * root), a server on a free port of 127.0.0.1 with durability off (a test database), trust
 * authentication. Installs Debian's package first when run as root and none is found.
 *
 * @example
 * const cluster = await startPostgres()
 * const url = await cluster.createDatabase('scale_out')
 * await cluster.stop()
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findBinaries() ?? installPostgres()
  const folder = mkdtempSync(join(tmpdir(), 'pg-test-'))
  const user = owner()
  if ('uid' in user) chownSync(folder, user.uid, user.gid)
  chmodSync(folder, 0o700)
  const data = join(folder, 'data')
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'],
    { stdio: 'pipe', cwd: folder, ...user },
  )
  // The port is probed free, then PostgreSQL binds it: another process may take it in between. The
  // postmaster then exits at once ("could not bind"), and a new port is tried.
  let started: { url: string; stopServer: () => Promise<void> } | undefined
  for (let attempt = 1; !started; attempt++) {
    try {
      started = await runPostgres(bin, data, folder, user, await freePort())
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) {
        rmSync(folder, { recursive: true, force: true })
        throw error
      }
    }
  }
  const { url, stopServer } = started
  const stop = async () => {
    await stopServer()
    rmSync(folder, { recursive: true, force: true })
  }
  const { default: pg } = await import('pg')
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return url.replace(/\/postgres$/, `/${name}`)
    },
    stop,
  }
}

/** How many ports to try when the probed one is taken before PostgreSQL binds it. */
const PORT_ATTEMPTS = 5

/** PostgreSQL could not bind the port it was given. */
class PortTaken extends Error {}

/** Starts the postmaster on `port` and resolves once it accepts connections, within START_MS. */
async function runPostgres(
  bin: string,
  data: string,
  folder: string,
  user: ReturnType<typeof owner>,
  port: number,
): Promise<{ url: string; stopServer: () => Promise<void> }> {
  const args = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    folder,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]
  const child: ChildProcess = spawn(join(bin, 'postgres'), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: folder,
    ...user,
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const stopServer = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    // SIGINT: PostgreSQL's fast shutdown (connections cut, no checkpoint wait on a throwaway cluster).
    child.kill('SIGINT')
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS)
    await exited
    clearTimeout(killer)
  }
  const deadline = Date.now() + START_MS
  const { default: pg } = await import('pg')
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return { url, stopServer }
    } catch (error) {
      await client.end().catch(() => undefined)
      if (child.exitCode !== null || Date.now() > deadline) {
        await stopServer()
        const message = `PostgreSQL did not start: ${String(error)}\n${output}`
        throw /could not bind|Address already in use/.test(output)
          ? new PortTaken(message, { cause: error })
          : new Error(message, { cause: error })
      }
      // Polled, not slept on: the server's readiness is what is waited for, within START_MS.
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
