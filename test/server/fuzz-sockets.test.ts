import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { clientEventSchemas, customerEventSchemas } from '../../src/protocol'
import { TestServer } from './support/test-server'
import type { EventClient } from './support/event-client'
import { hostileJson, hostileObject } from './support/fuzz-inputs'
import { nestedArrays, nestedObjects, rawRequest } from './support/raw-frames'

// Issue 16's fuzz acceptance, socket side: every event of the agent and customer namespaces with
// generated malformed payloads → no reply or protocol:error with a 5xx code, no unhandled rejection,
// and a login still served after each event's property. FUZZ_RUNS payloads per event.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)

const unhandled: unknown[] = []
const onUnhandled = (error: unknown) => unhandled.push(error)
process.on('unhandledRejection', onUnhandled)
process.on('uncaughtException', onUnhandled)
let tried = 0
let rawTried = 0
const started = Date.now()

const server = await TestServer.start({
  rateLimits: { api: { max: 1_000_000, windowMs: 60_000 }, login: { max: 1_000_000, windowMs: 60_000 } },
  // Fuzzed logins fail from one address; the throttle has its own tests (brute-force.test.ts).
  loginThrottle: { perAddress: { free: 1_000_000, baseMs: 1, maxMs: 1 } },
})
const fuzzAgent = await server.createAgent([])
const witness = await server.createAgent([])
after(async () => {
  process.off('unhandledRejection', onUnhandled)
  process.off('uncaughtException', onUnhandled)
  await server.close()
})

/** Payloads: objects of the protocol's field names with hostile values, or any hostile JSON at all. */
const payloads = fc.oneof({ weight: 3, arbitrary: hostileObject }, { weight: 1, arbitrary: hostileJson })

/** The witness logs in and lists segments. */
async function stillServes(): Promise<void> {
  assert.equal(Object.prototype.toString.call([]), '[object Array]')
  const login = await server.login(witness)
  const list = await server.http('GET', '/segments?$limit=1', { token: login.accessToken })
  assert.equal(list.status, 200)
}

/** Emits every generated payload with an ack: the reply must come, and never as a server failure. */
async function fuzzEvent(client: EventClient, event: string): Promise<void> {
  // Unacknowledged refusals arrive as protocol:error (or the event's own error event): none may be a 5xx.
  const failures: string[] = []
  client.socket.onAny((name: string, payload: unknown) => {
    const code = (payload as { code?: unknown } | null)?.code
    if (typeof code === 'number' && code >= 500) failures.push(`${name} ${JSON.stringify(payload)}`)
  })
  await fc.assert(
    fc.asyncProperty(payloads, async (payload) => {
      tried++
      client.emit(event, payload)
      const reply = await client.request(event, payload)
      assert.ok(reply.ok || reply.error.code < 500, `answered ${JSON.stringify(reply)}`)
    }),
    { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
  )
  // Events of a socket are handled in order: this round trip comes back after every refusal was sent.
  await client.request(event, {})
  assert.deepEqual(failures, [])
}

/** The top-level field names of an event's schema (through pipes and optionals). */
function fieldsOf(schema: unknown): string[] {
  let node = schema as { entries?: object; wrapped?: unknown; pipe?: unknown[] } | undefined
  for (let step = 0; node && step < 10 && !node.entries; step++)
    node = (node.wrapped ?? node.pipe?.find((item) => (item as { entries?: object }).entries)) as typeof node
  return node?.entries ? Object.keys(node.entries) : []
}

const MEGABYTE_STRING = JSON.stringify('x'.repeat(1_000_000))

/**
 * Nested (up to 10,000 deep) and oversized (1 MB strings) payloads for an event, as raw frames (the
 * socket.io client would overflow its own stack walking them): the whole payload, then each field.
 */
function deepAndHugePayloads(fields: string[]): string[] {
  const values = [nestedArrays(10_000), nestedObjects(10_000), nestedArrays(3_000), MEGABYTE_STRING]
  return [
    ...values,
    ...fields.flatMap((field) => [
      ...values.map((value) => `{${JSON.stringify(field)}:${value}}`),
      `{${JSON.stringify(field)}:[${MEGABYTE_STRING}]}`,
      `{${JSON.stringify(field)}:{"data":${nestedArrays(1_000)}}}`,
    ]),
  ]
}

/** Sends each deep or huge payload raw: every one is acknowledged, none as a server failure. */
async function fuzzDeepAndHuge(
  client: EventClient,
  namespace: '/' | '/customer',
  event: string,
  fields: string[],
): Promise<void> {
  for (const payload of deepAndHugePayloads(fields)) {
    rawTried++
    const reply = await rawRequest(client, namespace, event, payload)
    assert.ok(
      reply.ok || reply.error.code < 500,
      `${event} ${payload.slice(0, 60)}… answered ${JSON.stringify(reply)}`,
    )
  }
  // The socket is still served after them.
  assert.ok(client.socket.connected, `${event}: the socket was closed`)
}

describe('fuzzing every socket event with hostile payloads', () => {
  it('agent authenticate: no 5xx reply on a fresh socket each time, and a login still served after', async () => {
    // A refused authenticate ends the socket: each payload gets its own.
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        tried++
        const client = server.socket()
        await client.connected()
        const reply = await client.request('authenticate', payload)
        client.close()
        assert.ok(reply.ok || reply.error.code < 500, `answered ${JSON.stringify(reply)}`)
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    )
    await stillServes()
  })

  it('agent authenticate: nested and oversized raw frames get a refusal, never a 5xx', async () => {
    for (const payload of deepAndHugePayloads(fieldsOf(clientEventSchemas.authenticate))) {
      rawTried++
      const client = server.socket()
      await client.connected()
      const reply = await rawRequest(client, '/', 'authenticate', payload)
      client.close()
      assert.ok(
        reply.ok || reply.error.code < 500,
        `${payload.slice(0, 60)}… answered ${JSON.stringify(reply)}`,
      )
    }
    await stillServes()
  })

  for (const event of Object.keys(clientEventSchemas).filter((name) => name !== 'authenticate'))
    it(`agent ${event}: no 5xx reply, and a login still served after`, async () => {
      const { client } = await server.agent(fuzzAgent)
      await fuzzEvent(client, event)
      await fuzzDeepAndHuge(
        client,
        '/',
        event,
        fieldsOf(clientEventSchemas[event as keyof typeof clientEventSchemas]),
      )
      client.close()
      await stillServes()
    })

  for (const event of Object.keys(customerEventSchemas))
    it(`customer ${event}: no 5xx reply, and a login still served after`, async () => {
      const client = await server.customer()
      await fuzzEvent(client, event)
      await fuzzDeepAndHuge(
        client,
        '/customer',
        event,
        fieldsOf(customerEventSchemas[event as keyof typeof customerEventSchemas]),
      )
      client.close()
      await stillServes()
    })

  it('left no unhandled rejection or exception', (t) => {
    assert.deepEqual(unhandled, [])
    const figures = `fuzz: ${tried} socket payloads and ${rawTried} nested or 1 MB raw frames tried over ${Object.keys(clientEventSchemas).length + Object.keys(customerEventSchemas).length} events in ${((Date.now() - started) / 1000).toFixed(1)} s`
    t.diagnostic(figures)
    console.log(figures)
  })
})
