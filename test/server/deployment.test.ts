import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ConfigError, readConfig } from '../../server/config'
import { DEMO_PASSWORD } from '../../server/store/seed-content'
import { pollUntil } from './support/poll'
import { TestServer } from './support/test-server'

const root = fileURLToPath(new URL('../../', import.meta.url))
const SECRET = 'k3Jq9w-production-secret-of-48-characters-xxxxx'

/** The settings of the README, all of them, as an operator would set them for production. */
function productionEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    JWT_SECRET: SECRET,
    PUBLIC_URL: 'https://console.example.test',
    TRUST_PROXY: '1',
    ALLOWED_ORIGINS: 'https://crm.example.test',
    FRAME_ANCESTORS: 'https://crm.example.test',
  }
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    readConfig(env)
    return []
  } catch (error) {
    assert.ok(error instanceof ConfigError)
    return error.problems
  }
}

/**
 * Runs `npm start`'s entry point (its source; `npm start` runs the build of it) with exactly `env`.
 * `listening` resolves with the port it listens on once it has printed its addresses (its log's
 * "Server listening at" line has the port: PUBLIC_URL hides it in the addresses), or null if it exited.
 */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)))
  const listening = new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000)
    child.stdout.on('data', () => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
      if (port && output.includes('Agent console:')) {
        clearTimeout(timer)
        resolve(Number(port[1]))
      }
    })
    void exited.then(() => {
      clearTimeout(timer)
      resolve(null)
    })
  })
  return {
    listening,
    exited,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

describe('configuration by environment', () => {
  it('accepts the production settings of the README', () => {
    const config = readConfig(productionEnv(9000))
    assert.equal(config.production, true)
    assert.equal(config.trustProxy, 1)
    assert.deepEqual(config.allowedOrigins, ['https://crm.example.test'])
  })

  it('refuses an unsafe production configuration and names the setting to change', () => {
    const base = productionEnv(9000)
    const { JWT_SECRET: _secret, ...noSecret } = base
    assert.match(problemsOf(noSecret).join('\n'), /JWT_SECRET is not set/)
    assert.match(problemsOf({ ...base, JWT_SECRET: 'short' }).join('\n'), /JWT_SECRET is too short/)
    assert.match(
      problemsOf({ ...base, PUBLIC_URL: 'http://console.example.test' }).join('\n'),
      /PUBLIC_URL must be https/,
    )
    const { PUBLIC_URL: _url, ...noUrl } = base
    assert.match(problemsOf(noUrl).join('\n'), /PUBLIC_URL is not set/)
    assert.match(problemsOf({ ...base, ALLOWED_ORIGINS: '*' }).join('\n'), /ALLOWED_ORIGINS: a wildcard/)
    assert.match(problemsOf({ ...base, FRAME_ANCESTORS: '*' }).join('\n'), /FRAME_ANCESTORS: a wildcard/)
    assert.match(
      problemsOf({ ...base, ALLOWED_ORIGINS: 'http://crm.example.test' }).join('\n'),
      /must use https in production/,
    )
    assert.match(problemsOf({ ...base, TRUST_PROXY: 'true' }).join('\n'), /TRUST_PROXY.*forge/)
    assert.match(
      problemsOf({ ...base, ALLOWED_ORIGINS: 'https://crm.example.test/' }).join('\n'),
      /not an origin/,
    )
    assert.match(problemsOf({ ...base, PORT: 'eighty' }).join('\n'), /PORT=eighty/)
  })

  it('keeps the demo (development) working with nothing set', () => {
    const config = readConfig({})
    assert.equal(config.production, false)
    assert.equal(config.port, 8080)
    assert.equal(config.trustProxy, false)
    assert.deepEqual(problemsOf({ ALLOWED_ORIGINS: '*', PUBLIC_URL: 'http://localhost:8080' }), [])
  })

  it('reads TRUST_PROXY as off, a hop count or addresses', () => {
    assert.equal(readConfig({ TRUST_PROXY: 'off' }).trustProxy, false)
    assert.equal(readConfig({ TRUST_PROXY: '2' }).trustProxy, 2)
    assert.deepEqual(readConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).trustProxy, [
      '10.0.0.2',
      '10.0.1.0/24',
    ])
    assert.match(problemsOf({ TRUST_PROXY: '10.0.0.0/99' }).join('\n'), /TRUST_PROXY/)
  })
})

describe('a production server', () => {
  it('starts with exactly the documented variables, seeds nothing and serves no test page', async () => {
    // Port 0: the system picks a free one as the server binds it.
    const server = runServer(productionEnv(0))
    try {
      const port = await server.listening
      assert.ok(port, server.output())
      const base = `http://127.0.0.1:${port}`
      // The customer page's script is bundled as the server starts, not when the first customer asks.
      await pollUntil(
        () =>
          server
            .output()
            .split('\n')
            .some(
              (line) => line.includes('"page":"/customer.js"') && line.includes('"msg":"page script built"'),
            ),
        'the customer page script built at start, before any request for it',
        30_000,
      )
      const script = await fetch(`${base}/customer.js`)
      assert.equal(script.status, 200)
      assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/)
      assert.match(await script.text(), /customerPage\./)
      assert.equal((await fetch(`${base}/version.txt`)).status, 200)
      // No demo users: the published password opens nothing.
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@demo.test', password: DEMO_PASSWORD, agreement: true }),
      })
      assert.equal(login.status, 401)
      assert.deepEqual(await (await fetch(`${base}/api/public/segments`)).json(), { data: [] })
      for (const path of ['/test-agent.html', '/test-agent.js', '/crm.html', '/demo/test-agent.html'])
        assert.equal((await fetch(`${base}${path}`)).status, 404, path)
      const claim = await fetch(`${base}/api/dev/claims`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@demo.test' }),
      })
      assert.equal(claim.status, 404)
      // The stand-in SSO that signed anyone in from an email is gone.
      const sso = await fetch(`${base}/api/auth/sso/authorize?ticket=x`, { redirect: 'manual' })
      assert.equal(sso.status, 404)
      const page = await fetch(`${base}/`)
      assert.match(page.headers.get('strict-transport-security') ?? '', /max-age=\d+/)
      assert.match(
        page.headers.get('content-security-policy') ?? '',
        /frame-ancestors 'self' https:\/\/crm\.example\.test/,
      )
      assert.doesNotMatch(server.output(), new RegExp(DEMO_PASSWORD.replace(/[$!]/g, '\\$&')))
      assert.doesNotMatch(server.output(), /2FA: secret|backup codes/)
      // No STUN or TURN set: the operator is told calls' media stays within one network.
      assert.match(server.output(), /No STUN or TURN server is configured/)
    } finally {
      await server.stop()
    }
  })

  it('refuses to start with an unsafe configuration and says which setting to change', async () => {
    const { JWT_SECRET: _secret, ...env } = productionEnv(0)
    const server = runServer({ ...env, PUBLIC_URL: 'http://console.example.test' })
    assert.equal(await server.listening, null)
    assert.equal(await server.exited, 1)
    assert.match(server.output(), /JWT_SECRET is not set/)
    assert.match(server.output(), /PUBLIC_URL must be https/)
  })
})

describe('client addresses behind proxies', () => {
  it('ignores X-Forwarded-For by default: it opens no IP allow-list and dodges no limit', async () => {
    const server = await TestServer.start({ rateLimits: { api: { max: 3, windowMs: 60_000 } } })
    try {
      const restricted = await server.http('POST', '/auth/login', {
        body: { email: 'restricted@demo.test', password: DEMO_PASSWORD, agreement: true },
        headers: { 'x-forwarded-for': '203.0.113.5' },
      })
      assert.equal(restricted.status, 403)
      const statuses: number[] = []
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await server.http('GET', '/auth/check-token', { headers: { 'x-forwarded-for': `192.0.2.${i}` } }))
            .status,
        )
      assert.deepEqual(statuses.slice(-2), [429, 429])
    } finally {
      await server.close()
    }
  })

  it('believes the proxy TRUST_PROXY names', async () => {
    const server = await TestServer.start({ trustProxy: ['127.0.0.1'] })
    try {
      const restricted = await server.http('POST', '/auth/login', {
        body: { email: 'restricted@demo.test', password: DEMO_PASSWORD, agreement: true },
        headers: { 'x-forwarded-for': '203.0.113.5' },
      })
      assert.equal(restricted.status, 200)
    } finally {
      await server.close()
    }
  })
})
