import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import * as v from 'valibot'
import { createHttpClient, HttpError } from '../../src/services/http'
import { RETRY_AFTER_429_MS } from '../../src/constants'
import { fakeClock, type FakeClock } from '../support/fake-clock'

/** A tiny in-page API: answers by path, and records every request it saw. */
function fakeServer(handler: (path: string, token: string | null) => { status: number; body?: unknown }) {
  const seen: { path: string; token: string | null }[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.origin)
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? null
    seen.push({ path: url.pathname + url.search, token })
    const { status, body } = handler(url.pathname, token)
    return new Response(body === undefined ? '' : JSON.stringify(body), { status })
  }) as typeof fetch
  return { fetchImpl, seen }
}

describe('services/http', () => {
  let time: FakeClock
  beforeEach(() => (time = fakeClock()))
  afterEach(() => time.restore())

  it('sends the bearer token on API calls and none on auth calls', async () => {
    const server = fakeServer(() => ({ status: 200, body: { ok: true } }))
    const http = createHttpClient({
      baseUrl: () => '/api/',
      accessToken: () => 'A1',
      renew: async () => 'A2',
      fetch: server.fetchImpl,
    })
    await http.get('/segments', { query: { skip: 0, limit: 10 } })
    await http.post('auth/login', { auth: false, body: { email: 'x' } })
    expect(server.seen).to.deep.equal([
      { path: '/api/segments?skip=0&limit=10', token: 'A1' },
      { path: '/api/auth/login', token: null },
    ])
  })

  it('makes exactly one refresh for 50 concurrent 401s and retries every call with the new token', async () => {
    let current = 'old'
    let renewals = 0
    const server = fakeServer((_path, token) =>
      token === 'new'
        ? { status: 200, body: { value: 1 } }
        : { status: 401, body: { code: 401, message: 'expired' } },
    )
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => current,
      renew: async () => {
        renewals += 1
        await Promise.resolve()
        current = 'new'
        return current
      },
      fetch: server.fetchImpl,
    })
    const schema = v.object({ value: v.number() })
    const results = await Promise.all(Array.from({ length: 50 }, () => http.get('/users', { schema })))
    expect(renewals).to.equal(1)
    expect(results.every((result) => result.value === 1)).to.equal(true)
    expect(server.seen.filter((request) => request.token === 'new')).to.have.length(50)
  })

  it('waits 1 s after a 429, renews and retries', async () => {
    let answered429 = false
    let renewals = 0
    const server = fakeServer(() => {
      if (!answered429) {
        answered429 = true
        return { status: 429, body: { code: 429, message: 'Too many requests' } }
      }
      return { status: 200, body: { done: true } }
    })
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => 'A',
      renew: async () => {
        renewals += 1
        return 'B'
      },
      fetch: server.fetchImpl,
    })
    let result: unknown
    void http.get('/widget').then((value) => (result = value))
    await waitUntil(() => server.seen.length === 1)
    await time.tick(RETRY_AFTER_429_MS - 1)
    expect(server.seen).to.have.length(1)
    await time.tick(1)
    await waitUntil(() => result !== undefined)
    expect(result).to.deep.equal({ done: true })
    expect(renewals).to.equal(1)
    expect(server.seen.map((request) => request.token)).to.deep.equal(['A', 'B'])
  })

  it('reports a failed renewal once and rejects the waiting calls', async () => {
    const failures: HttpError[] = []
    let current: string | null = 'A'
    const server = fakeServer(() => ({ status: 401, body: { code: 401, message: 'expired' } }))
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => current,
      renew: () => Promise.reject(new HttpError(401, 'refresh token expired')),
      // What the session does on a failed renewal: log out, which forgets the token.
      onRenewFailed: (error) => {
        failures.push(error)
        current = null
      },
      fetch: server.fetchImpl,
    })
    const outcomes = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')])
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected', 'rejected'])
    expect(failures.map((error) => error.status)).to.deep.equal([401])
  })

  it('drops a response that does not match the contract', async () => {
    const server = fakeServer(() => ({ status: 200, body: { data: 'not a list' } }))
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => 'A',
      renew: async () => 'A',
      fetch: server.fetchImpl,
    })
    const error = await http
      .get('/services', { schema: v.object({ data: v.array(v.string()) }) })
      .catch((e: unknown) => e)
    expect(error).to.be.instanceOf(HttpError)
    expect((error as HttpError).status).to.equal(502)
  })

  it('answers status 0 when the server cannot be reached', async () => {
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => null,
      renew: async () => 'A',
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    })
    const error = (await http.post('/auth/login', { auth: false }).catch((e: unknown) => e)) as HttpError
    expect(error.status).to.equal(0)
  })

  it('keeps the status and message of a server error', async () => {
    const server = fakeServer(() => ({ status: 423, body: { code: 423, message: 'Your user is locked' } }))
    const http = createHttpClient({
      baseUrl: () => '/api',
      accessToken: () => null,
      renew: async () => 'A',
      fetch: server.fetchImpl,
    })
    const error = (await http.post('/auth/login', { auth: false }).catch((e: unknown) => e)) as HttpError
    expect([error.status, error.message]).to.deep.equal([423, 'Your user is locked'])
  })

  it('keeps the wait in seconds a refusal asks for (retry-after), and none it cannot read', async () => {
    const refuse = (header: string | null): Promise<HttpError> =>
      createHttpClient({
        baseUrl: () => '/api',
        accessToken: () => null,
        renew: async () => 'A',
        fetch: (async () =>
          new Response(JSON.stringify({ code: 410, message: 'Too many attempts' }), {
            status: 410,
            headers: header === null ? {} : { 'retry-after': header },
          })) as typeof fetch,
      })
        .post('/auth/login', { auth: false })
        .then(
          () => Promise.reject(new Error('not refused')),
          (e: unknown) => e as HttpError,
        )
    expect((await refuse('16')).retryAfter).to.equal(16)
    expect((await refuse(null)).retryAfter).to.equal(null)
    expect((await refuse('Wed, 21 Oct 2015 07:28:00 GMT')).retryAfter).to.equal(null)
  })
})
