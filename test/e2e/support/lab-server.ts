// The reference server inside the lab's public namespace, as test/e2e/support/server.ts starts it on
// the host (the bundled memory server, an in-memory database), but listening on the lab's public
// address. The test process cannot reach it directly (the host namespace gets no lab interface):
// `labFetch` asks through a process in the namespace.
import { spawn } from 'node:child_process'
import { run } from './lab-exec'
import { memoryServerBundle, type RunningServer } from './server'

/** The port the lab's server listens on: the public namespace is the lab's own, so it is always free. */
export const LAB_SERVER_PORT = 8000

/** How long the server may take to listen, and to close once asked. */
const START_MS = 120_000
const STOP_MS = 10_000

/** The server the lab runs: LAB_SERVER_BUNDLE names one bundled before (its main.js), as E2E_DIST names a built bundle. */
const labServerBundle = (): Promise<string> =>
  process.env.LAB_SERVER_BUNDLE ? Promise.resolve(process.env.LAB_SERVER_BUNDLE) : memoryServerBundle()

/**
 * Starts the reference server in namespace `ns` on `host`:LAB_SERVER_PORT, with `env` added (TIMERS,
 * DIST_DIR, TURN_URLS, TURN_SECRET…); resolves once it listens.
 */
export async function startServerIn(
  ns: string,
  host: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const bundle = await labServerBundle()
  // `--liftoff-only`: as the suites' servers (test/e2e/support/server.ts says why).
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, '--liftoff-only', bundle], {
    env: { ...process.env, PORT: String(LAB_SERVER_PORT), HOST: host, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_MS)
    await exited
    clearTimeout(killer)
  }
  const listening = `Agent console: http://${host}:${LAB_SERVER_PORT}/`
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server not listening within ${START_MS} ms:\n${output}`)),
        START_MS,
      )
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes(listening)) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`server exited with ${code}:\n${output}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url: `http://${host}:${LAB_SERVER_PORT}`,
    port: LAB_SERVER_PORT,
    pid: child.pid as number,
    output: () => output,
    stop,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** GETs `url` from inside namespace `ns` (a Node process there) and resolves with the parsed JSON. */
export async function labFetch<T>(ns: string, url: string): Promise<T> {
  const script =
    'fetch(process.argv[1]).then(async (r) => { if (!r.ok) throw new Error(r.status); process.stdout.write(await r.text()) })'
  return JSON.parse(await run('ip', ['netns', 'exec', ns, process.execPath, '-e', script, url])) as T
}
