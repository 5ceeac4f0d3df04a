// `npm start`: the reference server on http://localhost:8080 (PORT to change it), data in .data/ (or DATABASE_URL).
// Configuration comes from the environment (server/config.ts, README "Configuration"); NODE_ENV=production
// seeds nothing, prints nothing secret, serves no test page and refuses an unsafe configuration.
import { readFileSync } from 'node:fs'
import { createApplication } from './app'
import { ConfigError, readConfig, type ServerConfig } from './config'
import { printDemoLogins } from './demo-logins'
import type { Timers } from './timers'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}
const version = process.env.APP_VERSION ?? pkg.version

let config: ServerConfig
try {
  config = readConfig(process.env)
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`The server did not start. ${error.message}`)
  process.exit(1)
}

/** A whole number of milliseconds from the environment, or the default; anything else stops the start. */
function milliseconds(name: string, fallback: number): number {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds`)
  return value
}

// The demo's enterprise SSO signs in at a real OpenID Connect provider running beside the server. Its
// module (oidc-provider, the slowest to load) is imported only by the demo, while the database opens.
const demoSso = config.production ? undefined : import('./demo-idp/demo-sso')
// The application once created: the fatal handler below may run before that (then there is nothing to close).
const started: { app?: { close(): Promise<void> } } = {}
const app = await createApplication({
  version,
  production: config.production,
  trustProxy: config.trustProxy,
  allowedOrigins: config.allowedOrigins,
  frameAncestors: config.frameAncestors,
  ice: config.ice,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  ...(config.jwtSecret ? { jwtSecret: config.jwtSecret } : {}),
  ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  shutdown: {
    delayMs: milliseconds('SHUTDOWN_DELAY_MS', 0),
    timeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', 10_000),
  },
  // End-to-end runs shorten the server's timers: TIMERS='{"ringTimeoutMs":5000}'.
  ...(process.env.TIMERS ? { timers: JSON.parse(process.env.TIMERS) as Partial<Timers> } : {}),
  // The embedded database's thread stopped: close what can be closed (clients reconnect), exit 1 so that
  // the process manager starts the server again. A close that hangs does not keep a dead server up.
  onFatal: () => {
    setTimeout(() => process.exit(1), 5_000).unref()
    void (started.app?.close() ?? Promise.resolve()).finally(() => process.exit(1))
  },
})
started.app = app
const url = (await app.listen({ port: config.port, host: config.host })).replace('127.0.0.1', 'localhost')
// Running, the demo's provider too, before the address is printed: what waits for it finds it whole.
const idp = demoSso ? await (await demoSso).startDemoSso(app) : undefined
console.log(`Agent console: ${config.publicUrl ?? url}/`)
console.log(`Customer page: ${config.publicUrl ?? url}/customer.html`)
if (config.production) console.log('Production mode: no demo data, no test pages, no dev endpoints.')
else printDemoLogins(app.context.clock.now())
if (idp) console.log(`Demo identity provider (enterprise SSO of sso@demo.test): ${idp.issuer}\n`)

// SIGTERM (an orchestrator, a rolling restart) or Ctrl-C: drain, then exit; a second signal exits at once.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    Promise.all([app.shutdown(), idp?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        app.context.log('shutdown failed', error)
        process.exit(1)
      },
    )
  })
