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

const app = await createApplication({
  version,
  logger: process.env.LOG_REQUESTS === '1',
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

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
