import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { bundleServer } from '../../../scripts/server-bundle.mjs'

/** A reference server started as `npm start` would, on a free port. */
export interface RunningServer {
  /** Base URL, e.g. http://localhost:41234 */
  url: string
  /** The port it listens on. */
  port: number
  /** Its process id (a benchmark reads its CPU time from /proc). */
  pid: number
  /** Everything it printed, for failure messages. */
  output(): string
  /** Stops it and waits for the process to exit. */
  stop(): Promise<void>
  /** Kills it as a crash would (`kill -9`: no drain, nothing closed) and waits for the process to be gone. */
  kill(): Promise<void>
}

/** How long a server may take to listen, and to close once asked. */
const START_MS = 120_000
const STOP_MS = 10_000

/** Finds a port that is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts the reference server in its own process (the built bundle must exist) and resolves once it
 * listens. `env` adds variables: `TIMERS` (JSON of short timers), `DATA_DIR` (a PGlite directory that
 * survives a restart on the same `port`; in memory without it).
 */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<RunningServer> {
  // memory-server.ts: the reference server on an in-memory PGlite (or DATA_DIR, kept across restarts).
  return spawnServer([...TEST_SERVER_FLAGS, await memoryServerBundle()], env, port)
}

/**
 * Node flags of the test servers. `--liftoff-only` keeps PGlite's WebAssembly on V8's baseline compiler:
 * a server otherwise spends about 2.3 s of CPU at its start recompiling PGlite's hot functions with the
 * optimizing one, which the queries of test/e2e/call.test.ts did not win back (its servers: 58 → 35
 * core-seconds, bench/cpu-by-process.mjs). `startBuiltServer` runs as `npm start`, without it.
 */
const TEST_SERVER_FLAGS = ['--liftoff-only']

let bundled: Promise<string> | undefined

/**
 * memory-server.ts bundled to JavaScript, once per test file (from the sources as they are now):
 * compiling the server's TypeScript at every start cost each test ~1.5 s.
 */
export function memoryServerBundle(): Promise<string> {
  bundled ??= (async () => {
    // Inside the project, where node_modules resolves; removed when the test file ends.
    const dir = `test-results/e2e-server-${process.pid}`
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    await bundleServer('test/e2e/support/memory-server.ts', dir)
    return `${dir}/main.js`
  })()
  return bundled
}

/**
 * Starts the server as `npm start` runs it: the JavaScript built by `npm run build` (dist/server/main.js),
 * no TypeScript compiled at start. `env` adds variables (`DATABASE_URL`: a PGlite folder kept across a
 * restart on the same `port`).
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  return spawnServer(['dist/server/main.js'], env, port)
}

/** The line a started server prints last, with the port it listens on. */
const LISTENING = /Agent console: http:\/\/localhost:(\d+)\//

async function spawnServer(
  args: string[],
  env: Record<string, string>,
  port?: number,
): Promise<RunningServer> {
  const deadline = Date.now() + START_MS
  for (;;) {
    try {
      return await spawnOnce(args, env, port, deadline)
    } catch (error) {
      // A restart on a given port finds it taken when some other socket got it in the meantime (an
      // outgoing connection's local port): wait until it is free again, within the start's time.
      if (!(error instanceof PortTaken) || port === undefined || Date.now() > deadline) throw error
      await portFreed(port, deadline)
    }
  }
}

/** The server could not listen on the port it was given. */
class PortTaken extends Error {}

/** Resolves once `port` can be bound on 127.0.0.1, polling (not sleeping) until `deadline`. */
async function portFreed(port: number, deadline: number): Promise<void> {
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (free) return
    if (Date.now() > deadline) throw new Error(`port ${port} still taken after ${START_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function spawnOnce(
  args: string[],
  env: Record<string, string>,
  port: number | undefined,
  deadline: number,
): Promise<RunningServer> {
  // Without a port the server takes one from the system as it listens (PORT=0) and prints it: a port
  // probed free beforehand could be taken by another process during the seconds the server starts.
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port ?? 0), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    // A server that does not close in time is killed: the next test must not find it on its port.
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS)
    await exited
    clearTimeout(killer)
  }
  let chosen: number
  try {
    chosen = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server not listening within ${START_MS} ms:\n${output}`)),
        Math.max(0, deadline - Date.now()),
      )
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const listening = LISTENING.exec(output)
        if (listening) {
          clearTimeout(timer)
          resolve(Number(listening[1]))
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.once('exit', (code) => {
        clearTimeout(timer)
        const message = `server exited with ${code}:\n${output}`
        reject(output.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGKILL')
    await exited
  }
  return {
    url: `http://localhost:${chosen}`,
    port: chosen,
    pid: child.pid as number,
    output: () => output,
    stop,
    kill,
  }
}
