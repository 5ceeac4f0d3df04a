import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { ErrorReply, Paged, Segment } from '../../src/protocol'
import { seedUserId } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'

// Issue 16's input rows: prototype keys in query strings, NUL, bad patterns, far dates and numbers.
// The server runs in this process, so Object.prototype here is the server's own.
let server: TestServer
let token: string
before(async () => {
  server = await TestServer.start({
    rateLimits: { api: { max: 10_000, windowMs: 60_000 }, login: { max: 1000, windowMs: 60_000 } },
  })
  token = (await server.login('ana@demo.test')).accessToken
})
after(() => server.close())

/** A raw GET of `path` on the server (not under /api when it starts elsewhere). */
async function get(path: string, auth = true): Promise<{ status: number; body: ErrorReply }> {
  const response = await fetch(
    `${server.url}${path}`,
    auth ? { headers: { authorization: `Bearer ${token}` } } : {},
  )
  const text = await response.text()
  return {
    status: response.status,
    body: text.startsWith('{') ? JSON.parse(text) : { code: 0, message: text },
  }
}

/** Login and a list call still answer as usual (no method of Object.prototype was overwritten). */
async function stillServes(): Promise<void> {
  assert.equal(Object.prototype.toString.call([]), '[object Array]')
  assert.equal(({} as Record<string, unknown>).polluted, undefined)
  const login = await server.http('POST', '/auth/login', {
    body: { email: 'ana@demo.test', password: 'wrong password', agreement: true },
  })
  assert.equal(login.status, 401)
  assert.ok((await server.login('ana@demo.test')).accessToken)
  const list = await server.http<Paged<Segment>>('GET', '/segments?$limit=2', { token })
  assert.equal(list.status, 200)
  assert.equal(list.body.data.length, 2)
}

describe('prototype keys in query strings', () => {
  for (const query of [
    'toString[call]=x',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'hasOwnProperty[call]=x&valueOf[x]=1',
  ])
    it(`leave Object.prototype alone: ?${query}`, async () => {
      for (const path of [
        '/version.txt',
        '/api/segments',
        '/api/users',
        '/api/recordings',
        '/api/auth/login',
      ]) {
        const { status } = await get(`${path}?${query}`)
        assert.ok(status < 500, `${path}?${query} answered ${status}`)
      }
      await stillServes()
    })

  it('refuses ?toString=x as an unknown field instead of writing SQL with it', async () => {
    for (const path of ['/api/segments', '/api/users', '/api/recordings']) {
      const { status, body } = await get(`${path}?toString=x`)
      assert.equal(status, 400, path)
      assert.match(body.message, /Unknown filter field "toString"/)
    }
    const sort = await get('/api/users?$sort[constructor]=1')
    assert.equal(sort.status, 400)
    assert.match(sort.body.message, /Unknown sort field "constructor"/)
  })
})

describe('control characters, patterns, far numbers and dates in list queries', () => {
  const refused = async (path: string, message: RegExp) => {
    const { status, body } = await get(path)
    assert.equal(status, 400, `${path} answered ${status} ${body.message}`)
    assert.match(body.message, message, path)
  }

  it('refuses NUL and other control characters in ids and names with 400', async () => {
    await refused('/api/segments?id=%00', /must not hold control characters/)
    await refused('/api/segments?id[$in][0]=a%00b', /must not hold control characters/)
    await refused('/api/users?firstname[$ne]=%1B', /must not hold control characters/)
    await refused('/api/users?firstname[$regex]=a%00', /must not hold control characters/)
  })

  it('refuses patterns neither JavaScript nor PostgreSQL can compile with 400', async () => {
    await refused('/api/users?firstname[$regex]=(', /not a valid pattern/)
    await refused('/api/users?firstname[$regex]=x**', /not a valid pattern/)
    // JavaScript takes these; PostgreSQL's engine does not: its error is the caller's, a 400.
    await refused('/api/users?firstname[$regex]=[[:foo:]]', /not a valid regular expression/)
    await refused('/api/users?$or[0][lastname][$regex]=(%3F<n>a)', /not a valid regular expression/)
    const fine = await get('/api/users?firstname[$regex]=^a&firstname[$options]=i')
    assert.equal(fine.status, 200)
  })

  it('refuses far dates and numbers with 400, or clamps them to a sane page', async () => {
    await refused('/api/recordings?createdAt=275760-09-13', /ISO 8601 date between the years 1 and 9999/)
    await refused('/api/recordings?createdAt=%2B275760-09-13T00:00:00.000Z', /ISO 8601 date/)
    await refused('/api/recordings?startedAt[$ne]=-1e20', /ISO 8601 date/)
    await refused('/api/recordings?createdAt[$regex]=2024', /short pattern on a text field/)
    await refused('/api/users?level=1e400', /whole number/)
    await refused('/api/users?level=99999999999', /whole number/)
    await refused('/api/users?level=1.5', /whole number/)
    await refused('/api/recordings?duration[$in][0]=Infinity', /whole number/)
    await refused('/api/users?$limit=1e400', /integers/)
    const far = await get('/api/segments?$skip=-1e20&$limit=99999999999999999999')
    assert.equal(far.status, 200)
    const dated = await get('/api/recordings?createdAt[$ne]=9999-12-31T23:59:59.999Z')
    assert.equal(dated.status, 200)
  })

  it('answers free days and hours at the ends of the calendar, or says the date is out of range', async () => {
    const ana = seedUserId('ana')
    // The last month reaches year 10000, which the database cannot hold: a 400 that says so.
    await refused(`/api/users/${ana}/dates?month=9999-12-01`, /date is out of range/)
    await refused(`/api/users/${ana}/hours?date=9999-12-31`, /date is out of range/)
    // The shape of a date, not a day: found by the fuzzer as a 500.
    for (const path of [
      `/api/users/${ana}/hours?date=2026-02-29`,
      `/api/users/${ana}/dates?month=2026-04-31`,
    ]) {
      const { status, body } = await get(path)
      assert.equal(status, 400, path)
      assert.match(JSON.stringify(body), /day of the calendar/, path)
    }
    for (const path of [
      `/api/users/${ana}/dates?month=9999-11-01`,
      `/api/users/${ana}/dates?month=0000-01-01`,
      `/api/users/${ana}/hours?date=0000-01-01&timezone=Pacific/Kiritimati`,
    ]) {
      const { status, body } = await get(path)
      assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`)
    }
  })

  it('keeps serving after all of it', stillServes)
})
