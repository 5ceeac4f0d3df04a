// The reference server for end-to-end runs: a throwaway in-memory database (PGlite `memory://`), the
// demo seed, and timers from the TIMERS environment variable (JSON), listening on PORT. With DATA_DIR,
// the database lives in that directory instead, and survives a restart. ALLOWED_ORIGINS (comma-separated)
// lists other origins whose pages may use it, as for `npm start`. With DIST_DIR,
// `/dist/*` is served from that copy of the bundle, so a rebuild of `dist/` during a run cannot break it.
// Without DATA_DIR or DATABASE_URL, the in-memory database starts from a dump of the migrated schema
// (made by the run's first server, kept in the temp dir): PGlite's initdb costs seconds at every start.
// With DEMO_SSO=1, as `npm start`, the demo account's enterprise SSO at a local OpenID Connect
// provider; without it, none (loading oidc-provider and making its key cost each start about 0.4 s of CPU).
// Usage: PORT=1234 TIMERS='{"ringTimeoutMs":5000}' node --import tsx test/e2e/support/memory-server.ts
// (the end-to-end tests run it bundled: test/e2e/support/server.ts)
import { createApplication } from '../../../server/app'
import { openPGlite } from '../../../server/store/pglite-database'
import { schemaDump } from '../../server/support/dump-cache'
import { TEST_DATABASE_SETTINGS } from '../../server/support/test-database-settings'
import { serveDist } from './serve-dist'

const timers = process.env.TIMERS ? (JSON.parse(process.env.TIMERS) as Record<string, number>) : {}
// DATA_DIR keeps the database on disk across a restart (the session's reconnection test).
// DATABASE_URL (postgres://…) puts it on a PostgreSQL server instead (the scale-out suite).
// Without a folder or a URL: the migrated, empty schema, which the server seeds at start, relative to
// now, as on a fresh database.
const app = await createApplication({
  // APP_VERSION: what /version.txt says (a deploy of a new version is a restart with another one).
  version: process.env.APP_VERSION ?? 'e2e',
  dataDir: process.env.DATA_DIR || 'memory://',
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.DATA_DIR || process.env.DATABASE_URL
    ? {}
    : { database: await openPGlite({ loadDataDir: await schemaDump(), settings: TEST_DATABASE_SETTINGS }) }),
  timers,
  allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '').split(',').filter(Boolean),
})
if (process.env.DIST_DIR) serveDist(app.fastify, process.env.DIST_DIR)
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
const idp =
  process.env.DEMO_SSO === '1'
    ? await (await import('../../../server/demo-idp/demo-sso')).startDemoSso(app)
    : undefined
if (idp) console.log(`Identity provider: ${idp.issuer}`)
console.log(`Agent console: ${url.replace('127.0.0.1', 'localhost')}/`)

// As `npm start`: SIGTERM drains (clients told `server:draining`, ringing calls handed back, customers'
// calls kept for them) before closing; clients get 5 s to go, within the 10 s `stop()` grants.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void Promise.all([app.shutdown({ timeoutMs: 5_000 }), idp?.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error)
        process.exit(1)
      },
    )
  })
