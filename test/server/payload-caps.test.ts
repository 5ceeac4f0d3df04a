import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import {
  AppReportSchema,
  CUSTOMER_NAMESPACE,
  MAX_APP_IMAGE_CHARS,
  MAX_APP_TEXT,
  MAX_DOCUMENT_FIELDS,
  MAX_RECORDER_CHUNK_BYTES,
  MAX_SHORT,
  MAX_SIGNAL_BYTES,
  RECORDER_NAMESPACE,
  RecorderChunkSchema,
  SignalOutSchema,
  clientEventSchemas,
  customerEventSchemas,
  type QueueStatus,
} from '../../src/protocol'
import { DEFAULT_PAYLOAD_CAP, jsonSizeWithin, payloadCap } from '../../server/realtime/payload-caps'
import { PAYLOAD_TOO_LARGE } from '../../server/realtime/event-handler'
import { TestServer } from './support/test-server'
import { parsePrometheus, valueOf } from './support/prometheus'
import { nestedArrays, rawRequest } from './support/raw-frames'

// Issue 64: every socket event has a size cap, checked as the frame arrives, before validation or
// any handler work; the refusal is a 413 ack, counted in the metrics, and the socket goes on.

describe('jsonSizeWithin', () => {
  it('counts about what JSON.stringify writes, binary as its bytes', () => {
    const value = { name: 'Ana', tags: ['a', 'b'], n: 12.5, ok: true, none: null, nested: { deep: [1, [2]] } }
    const json = JSON.stringify(value).length
    const size = jsonSizeWithin(value, 1_000)
    assert.ok(size !== null && size >= json && size <= json + 2, `${size} for ${json}`)
    assert.equal(jsonSizeWithin({ data: new Uint8Array(1000) }, 2_000), 2 + 4 + 4 + 1000 + 2)
    assert.equal(jsonSizeWithin({ data: new Uint8Array(1000) }, 999), null)
  })

  it('stops at the limit: a 100,000-deep nest or a million items cost no more than the limit', () => {
    const deep: unknown[] = []
    let node = deep
    for (let i = 0; i < 100_000; i++) node = node[node.push([]) - 1] as unknown[]
    const wide = new Array(1_000_000).fill(0)
    const started = performance.now()
    assert.equal(jsonSizeWithin(deep, 1_000), null)
    assert.equal(jsonSizeWithin(wide, 1_000), null)
    assert.equal(jsonSizeWithin(['x'.repeat(2_000)], 1_000), null)
    assert.ok(performance.now() - started < 50, 'bounded walks')
  })
})

describe('the caps', () => {
  it('let the largest valid payload of the larger events through', () => {
    // An app report at every bound of its schema: the scan's image, 40 fields, the longest name.
    const report = {
      appEvent: 'stage',
      name: 'n'.repeat(MAX_SHORT),
      data: {
        scan: 'document',
        status: 3,
        result: {
          image: `data:image/png;base64,${'A'.repeat(MAX_APP_IMAGE_CHARS - 22)}`,
          fields: Array.from({ length: MAX_DOCUMENT_FIELDS }, () => ({
            label: 'l'.repeat(MAX_SHORT),
            value: 'v'.repeat(MAX_APP_TEXT),
          })),
        },
      },
    }
    assert.ok(v.is(AppReportSchema, report))
    assert.notEqual(jsonSizeWithin([report], payloadCap(CUSTOMER_NAMESPACE, 'apps:message')), null)

    const signal = {
      to: 't'.repeat(MAX_SHORT),
      channel: 'media',
      data: { sdp: 's'.repeat(MAX_SIGNAL_BYTES - 12) },
    }
    assert.ok(v.is(SignalOutSchema, signal))
    for (const namespace of ['/', CUSTOMER_NAMESPACE])
      assert.notEqual(jsonSizeWithin([signal], payloadCap(namespace, 'signal')), null, namespace)

    const chunk = { seq: 100_000_000, data: new Uint8Array(MAX_RECORDER_CHUNK_BYTES) }
    assert.ok(v.is(RecorderChunkSchema, chunk))
    assert.notEqual(jsonSizeWithin([chunk], payloadCap(RECORDER_NAMESPACE, 'chunk')), null)
  })

  it('are 64 KiB unless an event carries more, and never above the socket message limit', async () => {
    assert.equal(payloadCap('/', 'chat:message'), DEFAULT_PAYLOAD_CAP)
    assert.equal(payloadCap(CUSTOMER_NAMESPACE, 'chat:message'), DEFAULT_PAYLOAD_CAP)
    assert.equal(payloadCap('/nowhere', 'toString'), DEFAULT_PAYLOAD_CAP)
    const server = await TestServer.start()
    try {
      const limit = (server.app.context.io.engine as unknown as { opts: { maxHttpBufferSize: number } }).opts
        .maxHttpBufferSize
      const events: [string, string][] = [
        ...Object.keys(clientEventSchemas).map((event): [string, string] => ['/', event]),
        ...Object.keys(customerEventSchemas).map((event): [string, string] => [CUSTOMER_NAMESPACE, event]),
        [RECORDER_NAMESPACE, 'chunk'],
        [RECORDER_NAMESPACE, 'finish'],
      ]
      for (const [namespace, event] of events)
        assert.ok(payloadCap(namespace, event) < limit, `${namespace} ${event}`)
    } finally {
      await server.close()
    }
  })
})

describe('an oversized payload on a live socket', () => {
  let server: TestServer
  let segment: string
  before(async () => {
    server = await TestServer.start()
    segment = await server.createSegment('Payload caps')
  })
  after(() => server.close())

  const metric = async (name: string, labels: Record<string, string>) =>
    valueOf(parsePrometheus(await server.app.context.metrics.registry.metrics()), name, labels)
  const OVERSIZED = 'x'.repeat(DEFAULT_PAYLOAD_CAP + 1)

  it('agent: refused with a 413 ack before validation, counted, and the socket goes on', async () => {
    const email = await server.createAgent([segment])
    const { client } = await server.agent(email)
    const counted = () =>
      metric('agent_console_socket_event_errors_total', { namespace: '/', event: 'comments', code: '413' })
    const before = await counted()

    const reply = await client.request('comments', { comments: OVERSIZED })
    assert.equal(reply.ok, false)
    if (!reply.ok) {
      assert.equal(reply.error.code, 413)
      assert.equal(reply.error.reason, PAYLOAD_TOO_LARGE)
      assert.match(reply.error.message, /comments must be at most 65536 characters/)
    }
    // A nest far too deep for any schema, and too large: refused by the cap, not walked by validation (400).
    const deep = await rawRequest(
      client,
      '/',
      'exchange:customer',
      `{"event":"x","data":${nestedArrays(50_000)}}`,
    )
    assert.equal(!deep.ok && deep.error.code, 413)

    assert.ok(client.socket.connected)
    assert.ok((await client.request('notification:request', {})).ok, 'a normal event after it')
    assert.equal(await counted(), before + 1)
    client.close()
  })

  it('customer: refused with a 413 ack (or protocol:error), counted, and the socket goes on', async () => {
    const customer = await server.customer()
    const counted = () =>
      metric('agent_console_anonymous_refusals_total', { surface: 'customer_event', limit: 'payload_size' })
    const before = await counted()

    const reply = await customer.request('chat:message', { text: OVERSIZED })
    assert.equal(!reply.ok && reply.error.code, 413)
    assert.equal(!reply.ok && reply.error.reason, PAYLOAD_TOO_LARGE)
    // Without an ack, the refusal comes as protocol:error.
    customer.emit('queue:join', { segment, name: 'Mallory', integrationData: { x: 'y'.repeat(400_000) } })
    const refused = await customer.next<{ event: string; code: number }>('protocol:error')
    assert.deepEqual([refused.event, refused.code], ['queue:join', 413])

    assert.ok(customer.socket.connected)
    const queued = await customer.request<QueueStatus>('queue:join', { segment, name: 'Rosa' })
    assert.ok(queued.ok, `a normal event after it: ${JSON.stringify(queued)}`)
    assert.equal(await counted(), before + 2)
    await customer.request('queue:leave', {})
    customer.close()
  })

  it('a payload under the cap is still validated by its schema (400)', async () => {
    const customer = await server.customer()
    const reply = await customer.request('chat:message', { text: 'x'.repeat(20_000) })
    assert.equal(!reply.ok && reply.error.code, 400)
    customer.close()
  })
})
