import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { InboundCall } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { parsePrometheus, valueOf, type Sample } from './support/prometheus'

const TOKEN = 'metrics-test-token-3f9a'

async function scrape(server: TestServer, token = TOKEN): Promise<Sample[]> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
  return parsePrometheus(await response.text())
}

describe('/metrics', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ metricsToken: TOKEN })
  })
  after(() => server.close())

  it('answers 401 without the bearer token or with a wrong one', async () => {
    const none = await fetch(`${server.url}/metrics`)
    assert.equal(none.status, 401)
    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="metrics"')
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })
    assert.equal(wrong.status, 401)
    assert.doesNotMatch(await wrong.text(), /agent_console_/)
  })

  it('counts a call placed, answered and ended, and its routing latency', async () => {
    const segment = await server.createSegment('Metrics')
    const email = await server.createAgent([segment])
    const { client: agent } = await server.agent(email)
    const customer = await server.customer()
    const start = await scrape(server)

    const queuedAt = Date.now()
    const { callId } = await queueCustomer(customer, segment)
    const waiting = await scrape(server)
    assert.equal(valueOf(waiting, 'agent_console_customers_queued', { segment, state: 'queued' }), 1)
    assert.equal(valueOf(waiting, 'agent_console_customers_queued', { segment_name: 'Metrics' }), 1)
    assert.ok(valueOf(waiting, 'agent_console_queue_oldest_wait_seconds', { segment }) >= 0)
    const joins = (samples: Sample[]) => valueOf(samples, 'agent_console_calls_queued_total', { segment })
    assert.equal(joins(waiting) - joins(start), 1)

    // The customer waits 1.5 s on the server's clock; then the agent becomes available and the call
    // rings (its first ring: the routing latency, queue join to offer, is observed on that clock).
    const WAITED_MS = 1_500
    await server.clock.advance(WAITED_MS)
    assert.ok((await agent.request('status', { status: 'available' })).ok)
    const inbound = await agent.next<InboundCall>('inbound')
    const rungWithin = Date.now() - queuedAt
    assert.equal(inbound.id, callId)
    const ringing = await scrape(server)
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(ringing, name, labels) - valueOf(start, name, labels)
    assert.equal(delta('agent_console_offers_total', { kind: 'inbound' }), 1)
    assert.equal(delta('agent_console_routing_latency_seconds_count'), 1)
    assert.equal(delta('agent_console_routing_latency_seconds_bucket', { le: '+Inf' }), 1)
    const latency = delta('agent_console_routing_latency_seconds_sum')
    assert.ok(
      latency * 1000 >= WAITED_MS && latency * 1000 <= WAITED_MS + rungWithin + 1,
      `latency ${latency} s after waiting ${WAITED_MS} ms, rung within ${rungWithin} ms of real time`,
    )
    assert.equal(valueOf(ringing, 'agent_console_customers_queued', { segment, state: 'ringing' }), 1)
    assert.equal(valueOf(ringing, 'agent_console_customers_queued', { segment, state: 'queued' }), 0)
    assert.ok(valueOf(ringing, 'agent_console_agents', { status: 'available', activity: 'ringing' }) >= 1)

    await answer(agent, inbound.id)
    const talking = await scrape(server)
    assert.equal(
      valueOf(talking, 'agent_console_answers_total', { kind: 'inbound' }) -
        valueOf(start, 'agent_console_answers_total', { kind: 'inbound' }),
      1,
    )
    assert.equal(valueOf(talking, 'agent_console_calls_in_progress', { segment }), 1)
    assert.ok(valueOf(talking, 'agent_console_agents', { activity: 'in_call' }) >= 1)
    assert.ok(valueOf(talking, 'agent_console_socket_connections', { namespace: '/' }) >= 1)
    assert.ok(valueOf(talking, 'agent_console_socket_connections', { namespace: '/customer' }) >= 1)

    assert.ok((await agent.request('hangup', {})).ok)
    await customer.next('call:ended')
    const ended = await scrape(server)
    const endedCalls = (samples: Sample[]) =>
      valueOf(samples, 'agent_console_calls_ended_total', { reason: 'agent-hangup' })
    assert.equal(endedCalls(ended) - endedCalls(start), 1)
    assert.equal(valueOf(ended, 'agent_console_calls_in_progress', { segment }), 0)
    assert.equal(valueOf(ended, 'agent_console_customers_queued', { segment }), 0)
  })

  it('counts dismissals and ring timeouts apart', async () => {
    const segment = await server.createSegment('Metrics dismiss')
    const { client: agent } = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const before = await scrape(server)
    const { callId } = await queueCustomer(customer, segment)
    await agent.next('inbound')
    assert.ok((await agent.request('dismiss', { callId })).ok)
    const after = await scrape(server)
    const dismissals = (samples: Sample[]) =>
      valueOf(samples, 'agent_console_dismissals_total', { kind: 'inbound' })
    assert.equal(dismissals(after) - dismissals(before), 1)
    const timeouts = (samples: Sample[]) => valueOf(samples, 'agent_console_ring_timeouts_total')
    assert.equal(timeouts(after) - timeouts(before), 0)
  })

  it("observes a call's routing latency at its first ring only, not when it rings again", async () => {
    const segment = await server.createSegment('Metrics ring again')
    const { client: first } = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const before = await scrape(server)
    const { callId } = await queueCustomer(customer, segment)
    assert.equal((await first.next<InboundCall>('inbound')).id, callId)
    assert.ok((await first.request('dismiss', { callId })).ok)
    // A second agent becomes free: the same call rings again, at them.
    const { client: second } = await server.agent(await server.createAgent([segment]))
    assert.ok((await second.request('status', { status: 'available' })).ok)
    assert.equal((await second.next<InboundCall>('inbound')).id, callId)
    const after = await scrape(server)
    const delta = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels)
    assert.equal(delta('agent_console_offers_total', { kind: 'inbound' }), 2)
    assert.equal(delta('agent_console_routing_latency_seconds_count'), 1)
  })

  it('counts a refused socket event by event and code', async () => {
    const { client: agent } = await server.agent(await server.createAgent([]))
    const before = await scrape(server)
    const refused = await agent.request('hangup', {})
    assert.equal(refused.ok, false)
    const after = await scrape(server)
    const errors = (samples: Sample[]) =>
      valueOf(samples, 'agent_console_socket_event_errors_total', {
        namespace: '/',
        event: 'hangup',
        code: '409',
      })
    assert.equal(errors(after) - errors(before), 1)
  })

  it('labels every figure with the process, and shows database time, HTTP responses and event-loop lag', async () => {
    await server.http('GET', '/public/segments')
    const samples = await scrape(server)
    const nodeId = server.app.context.nodeId
    assert.ok(samples.length > 50)
    for (const sample of samples)
      assert.equal(sample.labels.process, nodeId, `${sample.name} has no process label`)
    assert.ok(valueOf(samples, 'agent_console_db_query_duration_seconds_count', { operation: 'select' }) > 0)
    assert.ok(
      valueOf(samples, 'agent_console_db_query_duration_seconds_count', { operation: 'transaction' }) > 0,
    )
    assert.ok(
      valueOf(samples, 'agent_console_http_responses_total', {
        route: '/api/public/segments',
        status_class: '2xx',
      }) >= 1,
    )
    assert.ok(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds'))
    assert.equal(valueOf(samples, 'agent_console_draining'), 0)
  })
})

describe('/metrics without a token configured', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ metricsToken: '' })
  })
  after(() => server.close())

  it('does not exist', async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer anything' } })
    assert.equal(response.status, 404)
    assert.doesNotMatch(await response.text(), /agent_console_/)
  })
})
