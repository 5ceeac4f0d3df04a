import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { clientEventSchemas, customerEventSchemas } from '../../src/protocol'
import { TestServer } from './support/test-server'

/** A payload no event accepts: the wrong type everywhere. */
const GARBAGE = [
  42,
  'text',
  null,
  [1, 2],
  { callId: 7, status: {}, text: '', to: 1, segment: 'x'.repeat(5000) },
]

/** The garbage a schema must refuse (an object with unknown keys is fine for events without fields). */
function garbageFor(schema: v.GenericSchema): unknown[] {
  return v.is(schema, {}) ? GARBAGE.slice(0, 4) : GARBAGE
}

describe('malformed messages', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('answers every agent event with a 400 ack (or protocol:error) and keeps serving', async () => {
    const { client } = await server.agent('ana@demo.test')
    const events = Object.keys(clientEventSchemas).filter((event) => event !== 'authenticate')
    for (const event of events) {
      for (const payload of garbageFor(clientEventSchemas[event as keyof typeof clientEventSchemas])) {
        const reply = await client.request(event, payload)
        assert.equal(reply.ok, false, `${event} accepted ${JSON.stringify(payload)}`)
        if (!reply.ok) assert.equal(reply.error.code, 400, `${event} ${JSON.stringify(payload)}`)
      }
      // Without an ack: protocol:error (or the event's own error event).
      client.emit(event, 12345)
    }
    // Events of a socket are handled in order: once this round trip is back, every refusal has arrived.
    await client.request('notification:request', {})
    const errorEvents = [
      'protocol:error',
      'hangup:error',
      'meeting:hangup:error',
      'call:transfer:error',
      'call:invite:error',
    ]
    const refusals = client.pending().filter((event) => errorEvents.includes(event))
    assert.ok(refusals.length >= events.length, `${refusals.length} refusals for ${events.length} events`)
    // Still serving: the same socket works.
    const fine = await client.request('status', { status: 'break' })
    assert.ok(fine.ok)
  })

  it('answers every customer event with an error and keeps serving', async () => {
    const customer = await server.customer()
    for (const event of Object.keys(customerEventSchemas)) {
      for (const payload of garbageFor(customerEventSchemas[event as keyof typeof customerEventSchemas])) {
        const reply = await customer.request(event, payload)
        assert.equal(reply.ok, false, `${event} accepted ${JSON.stringify(payload)}`)
      }
      customer.emit(event, 'garbage')
    }
    await customer.next('protocol:error')
    const segments = await server.db.query<{ id: string }>('SELECT id FROM segments LIMIT 1')
    const queued = await customer.request('queue:join', { segment: segments[0]?.id, name: 'Still here' })
    assert.ok(queued.ok)
  })

  it('survives events with no payload, unknown events and huge payloads', async () => {
    const { client } = await server.agent('bruno@demo.test')
    client.emit('answer')
    client.emit('no-such-event', { a: 1 })
    // Past the event's size cap (payload-caps.ts): refused as it arrives, a 413.
    client.emit('chat:message', { text: 'x'.repeat(200_000) })
    assert.equal(
      (
        await client.next<{ event: string; code: number }>(
          'protocol:error',
          (e) => e.event === 'chat:message',
        )
      ).code,
      413,
    )
    const reply = await client.request('signal', {
      to: 'x',
      channel: 'media',
      data: { blob: 'y'.repeat(100_000) },
    })
    assert.ok(!reply.ok && reply.error.code === 413)
    // Under the cap but over the schema's bound: the schema's 400.
    const long = await client.request('chat:message', { text: 'x'.repeat(20_000) })
    assert.ok(!long.ok && long.error.code === 400)
    assert.ok((await client.request('notification:request', {})).ok)
  })

  it('answers malformed HTTP with 400, unknown routes with 404, and keeps serving', async () => {
    const { accessToken } = await server.login('carla@demo.test')
    const broken = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    })
    assert.equal(broken.status, 400)
    assert.equal((await broken.json()).code, 400)
    assert.equal(
      (await server.http('POST', '/auth/refresh-token', { body: { refreshToken: 5 } })).status,
      400,
    )
    assert.equal((await server.http('GET', '/users?level[$exists]=1', { token: accessToken })).status, 400)
    assert.equal((await server.http('GET', '/users?firstname[$gt]=a', { token: accessToken })).status, 400)
    assert.equal((await server.http('GET', '/users?password=x', { token: accessToken })).status, 400)
    assert.equal((await server.http('GET', '/users?$limit=abc', { token: accessToken })).status, 400)
    assert.equal(
      (await server.http('GET', '/users/1/hours?date=tomorrow', { token: accessToken })).status,
      400,
    )
    assert.equal((await server.http('POST', '/schedule/x', { token: accessToken, body: [] })).status, 400)
    assert.equal((await server.http('GET', '/no/such/route', { token: accessToken })).status, 404)
    assert.equal((await server.http('GET', '/segments', { token: accessToken })).status, 200)
  })
})
