// The reference server for end-to-end runs: a throwaway in-memory database (PGlite `memory://`), the
// demo seed, and timers from the TIMERS environment variable (JSON), listening on PORT. With DATA_DIR,
// the database lives in that directory instead, and survives a restart. With DIST_DIR,
// `/dist/*` is served from that copy of the bundle, so a rebuild of `dist/` during a run cannot break it.
// Usage: PORT=1234 TIMERS='{"ringTimeoutMs":5000}' node --import tsx test/e2e/support/memory-server.ts
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { createApplication } from '../../../server/app'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.map': 'application/json',
  '.json': 'application/json',
}

const timers = process.env.TIMERS ? (JSON.parse(process.env.TIMERS) as Record<string, number>) : {}
// DATA_DIR keeps the database on disk across a restart (the session's reconnection test).
const app = await createApplication({ version: 'e2e', dataDir: process.env.DATA_DIR || 'memory://', timers })
const distDir = process.env.DIST_DIR
if (distDir)
  app.fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith('/dist/')) return
    const file = normalize(join(distDir, path.slice('/dist/'.length)))
    if (!file.startsWith(normalize(distDir))) return reply.code(404).send()
    try {
      const body = await readFile(file)
      return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(body)
    } catch {
      return reply.code(404).send()
    }
  })
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
console.log(`Agent console: ${url.replace('127.0.0.1', 'localhost')}/`)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
