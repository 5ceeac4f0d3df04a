// bench/customer-script-first-request: how long the first customer after a start waits for the customer
// page's script (/customer.js), on the reference server as `npm start` runs it (dist/server/main.js:
// `npm run build` first). In production the script is bundled as the server starts; in development on
// its first request. Each round starts a server in each mode, waits until /readyz answers 200 (a load
// balancer's signal to send traffic), then asks for /customer.js as Chromium does (Brotli accepted), then
// again as a revisit (If-None-Match). Prints JSON: per mode, each request's time (p50, max over the
// rounds) and the bytes it carried (its content-length: the compressed script, 0 for a 304).
// Usage: node --import tsx bench/customer-script-first-request.ts   (ROUNDS to change, default 5)
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { freePort } from '../test/e2e/support/server'

const ROUNDS = Number(process.env.ROUNDS ?? 5)
/** A server that is not ready within this, or a request that takes longer, fails the run. */
const LIMIT_MS = 60_000

const MODES = {
  production: {
    NODE_ENV: 'production',
    DATABASE_URL: 'memory://',
    JWT_SECRET: 'bench-production-secret-of-48-characters-xxxxxxxxx',
    PUBLIC_URL: 'https://console.example.test',
  },
  development: { DATABASE_URL: 'memory://' },
} as const

interface Fetched {
  ms: number
  bytes: number
  etag: string
}

/** Asks for `url` as Chromium does; a revisit sends the entity tag it has. */
async function timed(url: string, etag?: string): Promise<Fetched> {
  const started = performance.now()
  const response = await fetch(url, {
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...(etag ? { 'if-none-match': etag } : {}) },
    signal: AbortSignal.timeout(LIMIT_MS),
  })
  const body = await response.text()
  const expected = etag ? 304 : 200
  if (response.status !== expected || (!etag && body.length < 1_000))
    throw new Error(`${url} answered ${response.status}, not ${expected}`)
  return {
    ms: performance.now() - started,
    bytes: Number(response.headers.get('content-length') ?? 0),
    etag: response.headers.get('etag') ?? '',
  }
}

async function round(env: Record<string, string>): Promise<{ first: Fetched; revisit: Fetched }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    const base = `http://127.0.0.1:${port}`
    const deadline = Date.now() + LIMIT_MS
    for (;;) {
      const ready = await fetch(`${base}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      )
      if (ready) break
      if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`)
      if (Date.now() > deadline) throw new Error(`not ready within ${LIMIT_MS} ms:\n${errors}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const first = await timed(`${base}/customer.js`)
    const revisit = await timed(`${base}/customer.js`, first.etag)
    return { first, revisit }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const ms = (value: number | undefined) => Number((value ?? NaN).toFixed(1))
  return { p50: ms(sorted[Math.floor((sorted.length - 1) / 2)]), max: ms(sorted.at(-1)) }
}

const results: Record<string, unknown> = {}
for (const [mode, env] of Object.entries(MODES)) {
  const rounds: { first: Fetched; revisit: Fetched }[] = []
  for (let index = 0; index < ROUNDS; index++) rounds.push(await round(env))
  results[mode] = {
    firstRequestMs: summary(rounds.map((one) => one.first.ms)),
    firstRequestBytes: rounds[0]?.first.bytes,
    revisitMs: summary(rounds.map((one) => one.revisit.ms)),
    revisitBytes: rounds[0]?.revisit.bytes,
  }
}
console.log(JSON.stringify({ rounds: ROUNDS, ...results }, null, 2))
