import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { TestServer } from './support/test-server'
import { encode, hostileBody, hostileParam, hostileQuery, type RawBody } from './support/fuzz-inputs'

// Issue 16's fuzz acceptance, HTTP side: every route of the reference server with generated malformed
// query strings, bodies and path parameters → no 500, no unhandled rejection, and a login still served
// after each route's property. Bounded for CI: FUZZ_RUNS inputs per route (FUZZ_SEED replays a run).
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const REQUEST_TIMEOUT_MS = 15_000

/** A route as the server declares it. */
interface Route {
  method: string
  path: string
}

/** Methods a route may have (HEAD is GET's twin and not fuzzed on its own). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * Every route of the server, from Fastify's own route tree (so a new route is fuzzed without a list to
 * edit). One tree per method: in the tree of all methods, CORS's `OPTIONS *` hides the static files' `GET *`.
 */
function routesOf(fastify: FastifyInstance): Route[] {
  const routes: Route[] = []
  for (const method of METHODS) {
    const stack: string[] = []
    for (const line of fastify.printRoutes({ commonPrefix: false, method }).split('\n')) {
      // A line without methods is still a prefix of the lines under it.
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line)
      if (!match) continue
      const depth = match[1]!.length / 4
      const path = (stack[depth - 1] ?? '') + match[2]
      stack[depth] = path
      if ((match[3] ?? '').split(', ').includes(method)) routes.push({ method, path })
    }
  }
  return routes
}

const unhandled: unknown[] = []
const onUnhandled = (error: unknown) => unhandled.push(error)
process.on('unhandledRejection', onUnhandled)
process.on('uncaughtException', onUnhandled)
let tried = 0
const started = Date.now()

// Started here, not in before(): the routes it declares name the tests.
const server = await TestServer.start({
  rateLimits: { api: { max: 1_000_000, windowMs: 60_000 }, login: { max: 1_000_000, windowMs: 60_000 } },
  // Fuzzed logins fail from one address; the throttle has its own tests (brute-force.test.ts).
  loginThrottle: { perAddress: { free: 1_000_000, baseMs: 1, maxMs: 1 } },
})
// The fuzzer acts as one agent; the witness, whom no input names, proves logins still work.
const fuzzAgent = await server.createAgent([])
const witness = await server.createAgent([])
const routes = routesOf(server.app.fastify)
after(async () => {
  process.off('unhandledRejection', onUnhandled)
  process.off('uncaughtException', onUnhandled)
  await server.close()
})

/** The witness logs in and lists segments, as after a restart. */
async function stillServes(): Promise<void> {
  assert.equal(Object.prototype.toString.call([]), '[object Array]')
  const login = await server.login(witness)
  const list = await server.http('GET', '/segments?$limit=1', { token: login.accessToken })
  assert.equal(list.status, 200)
}

/** One generated request. */
interface Attempt {
  params: string[]
  query: string
  body: RawBody | null
  auth: 'agent' | 'none' | 'garbage'
  wildcard: string[]
}

const attempts: fc.Arbitrary<Attempt> = fc.record({
  params: fc.array(hostileParam, { minLength: 3, maxLength: 3 }),
  query: hostileQuery,
  body: hostileBody,
  auth: fc.constantFrom('agent', 'agent', 'agent', 'agent', 'none', 'garbage'),
  wildcard: fc.array(hostileParam, { minLength: 1, maxLength: 4 }),
})

/** Sends one attempt at a route; resolves with the status. */
async function send(route: Route, attempt: Attempt, token: string): Promise<number> {
  let param = 0
  const path = route.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? attempt.params[param++ % 3]!
        : segment === '*'
          ? attempt.wildcard.join('/')
          : segment,
    )
    .join('/')
    .replace(/^(?!\/)/, '/')
  const headers: Record<string, string> = {}
  if (attempt.auth === 'agent') headers.authorization = `Bearer ${token}`
  if (attempt.auth === 'garbage')
    headers.authorization = `Bearer ${encode('\u202e.eyJ9.' + attempt.query.slice(0, 40))}`
  const withBody = route.method !== 'GET' && attempt.body !== null
  if (withBody && attempt.body!.contentType) headers['content-type'] = attempt.body!.contentType
  const response = await fetch(`${server.url}${path}${attempt.query ? `?${attempt.query}` : ''}`, {
    method: route.method,
    headers,
    ...(withBody ? { body: attempt.body!.text } : {}),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  await response.arrayBuffer()
  return response.status
}

describe('fuzzing every HTTP route with hostile input', () => {
  it('finds the routes of the server', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`)
    assert.ok(names.length >= 40, `only ${names.length} routes found`)
    for (const expected of [
      'POST /api/auth/login',
      'GET /api/users/:id/dates',
      'PATCH /api/recordings/:id',
      'GET *',
    ])
      assert.ok(names.includes(expected), `${expected} is not fuzzed`)
  })

  for (const route of routes)
    it(`${route.method} ${route.path}: no 500, and a login still served after`, async () => {
      const token = (await server.login(fuzzAgent)).accessToken
      await fc.assert(
        fc.asyncProperty(attempts, async (attempt) => {
          tried++
          const status = await send(route, attempt, token)
          assert.ok(status < 500, `answered ${status}`)
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      )
      await stillServes()
    })

  it('left no unhandled rejection or exception', (t) => {
    assert.deepEqual(unhandled, [])
    const figures = `fuzz: ${tried} HTTP inputs tried over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`
    t.diagnostic(figures)
    console.log(figures)
  })
})
