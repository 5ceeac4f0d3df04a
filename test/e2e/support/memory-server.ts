// The reference server for end-to-end runs: a throwaway in-memory database (PGlite `memory://`), the
// demo seed, and timers from the TIMERS environment variable (JSON), listening on PORT.
// Usage: PORT=1234 TIMERS='{"ringTimeoutMs":5000}' node --import tsx test/e2e/support/memory-server.ts
import { createApplication } from '../../../server/app'

const timers = process.env.TIMERS ? (JSON.parse(process.env.TIMERS) as Record<string, number>) : {}
// DATA_DIR keeps the data across a restart (the reconnection test); memory otherwise.
const app = await createApplication({ version: 'e2e', dataDir: process.env.DATA_DIR || 'memory://', timers })
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
console.log(`Agent console: ${url.replace('127.0.0.1', 'localhost')}/`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
