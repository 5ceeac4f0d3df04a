import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Paged, Segment } from '../../src/protocol'
import { TestServer } from './support/test-server'

// Issue 69: the Utilities page, before Connect (no socket, so no `agent:authenticated.segments`), reads
// the agent's segments over HTTP: `GET /segments?mine=true`.
describe('GET /segments?mine=true', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('lists the segments the caller serves, and only those', async () => {
    const support = await server.createSegment('Mine Support')
    const billing = await server.createSegment('Mine Billing')
    const other = await server.createSegment('Mine Other')
    const ana = await server.login(await server.createAgent([support, billing]))
    const bea = await server.login(await server.createAgent([other]))
    const list = (token: string, query: string) =>
      server.http<Paged<Segment>>('GET', `/segments${query}`, { token })

    const mine = await list(ana.accessToken, '?mine=true&$limit=100&$sort[name]=1')
    assert.equal(mine.status, 200)
    assert.deepEqual(mine.body.data, [
      { id: billing, name: 'Mine Billing' },
      { id: support, name: 'Mine Support' },
    ])
    assert.equal(mine.body.total, 2)
    const theirs = await list(bea.accessToken, '?mine=true')
    assert.deepEqual(
      theirs.body.data.map((segment) => segment.id),
      [other],
    )
    // Past the end, the total is still counted with the filter.
    const far = await list(ana.accessToken, '?mine=true&$skip=10')
    assert.deepEqual(far.body.data, [])
    assert.equal(far.body.total, 2)
    // The other lists are as they were: every segment of the account.
    const all = await list(ana.accessToken, '?$limit=100')
    assert.ok(all.body.data.some((segment) => segment.id === other))
    assert.equal((await list(ana.accessToken, '?mine=maybe')).status, 400)
  })
})
