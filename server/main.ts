// `npm start`: the reference server on http://localhost:8080 (PORT to change it), data in .data/ (or DATABASE_URL).
import { readFileSync } from 'node:fs'
import { createApplication } from './app'
import { printDemoLogins } from './demo-logins'
import type { Timers } from './timers'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}
const version = process.env.APP_VERSION ?? pkg.version
const port = Number(process.env.PORT ?? 8080)

/** A whole number of milliseconds from the environment, or the default; anything else stops the start. */
function milliseconds(name: string, fallback: number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds`)
  return value
}

const app = await createApplication({
  version,
  shutdown: {
    delayMs: milliseconds('SHUTDOWN_DELAY_MS', 0),
    timeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', 10_000),
  },
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  // End-to-end runs shorten the server's timers: TIMERS='{"ringTimeoutMs":5000}'.
  ...(process.env.TIMERS ? { timers: JSON.parse(process.env.TIMERS) as Partial<Timers> } : {}),
})
const url = (await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' })).replace(
  '127.0.0.1',
  'localhost',
)
console.log(`Agent console: ${url}/`)
console.log(`Customer page: ${url}/customer.html`)
printDemoLogins(app.context.clock.now())

// SIGTERM (an orchestrator, a rolling restart) or Ctrl-C: drain, then exit; a second signal exits at once.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    app.shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        app.context.log('shutdown failed', error)
        process.exit(1)
      },
    )
  })
