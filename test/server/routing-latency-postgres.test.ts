import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import type { InboundCall } from '../../src/protocol'
import { openPostgres, type PostgresDatabase } from '../../server/store/postgres-database'
import { TestServer } from './support/test-server'
import { queueCustomer } from './support/call-flow'
import { startPostgres, type PostgresCluster } from './support/postgres-cluster'
import { parsePrometheus, valueOf, type Sample } from './support/prometheus'
import { pollUntil } from './support/poll'

const TOKEN = 'routing-latency-postgres-token'

/**
 * On PostgreSQL an `inbound` reaches the agent's socket only once its NOTIFY has committed (the ordered
 * adapter), even on the process that rang it. The routing latency must run until then: ended at the
 * `emit`, it read 3 to 5 ms under what the agents saw in the routing bench.
 */
describe('routing latency on PostgreSQL', () => {
  let cluster: PostgresCluster
  let server: TestServer
  /** While set, every `pg_notify` statement waits for it: the test holds the adapter's NOTIFYs. */
  let gate: { opened: Promise<void>; open: () => void; held: number } | null = null

  before(async () => {
    cluster = await startPostgres()
    const database: PostgresDatabase = openPostgres(await cluster.createDatabase('routing_latency'))
    const query = database.pool.query.bind(database.pool) as (...args: unknown[]) => Promise<unknown>
    database.pool.query = (async (...args: unknown[]) => {
      if (gate && typeof args[0] === 'string' && args[0].includes('pg_notify')) {
        gate.held++
        await gate.opened
      }
      return query(...args)
    }) as typeof database.pool.query
    server = await TestServer.start({ database, seed: true, metricsToken: TOKEN })
  })
  after(async () => {
    gate?.open()
    await server?.close()
    await cluster?.stop()
  })

  async function scrape(): Promise<Sample[]> {
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    assert.equal(response.status, 200)
    return parsePrometheus(await response.text())
  }

  it("observes a first ring's latency once its inbound went out, after the NOTIFY, not at the emit", async () => {
    const segment = await server.createSegment('Latency on PostgreSQL')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    // Becoming available dispatches in the background; let it end, or it may ring the call below
    // itself, timed on the test clock (0 ms), where the join's own dispatch is what is measured.
    await server.idle()
    const start = await scrape()
    const count = (samples: Sample[]) => valueOf(samples, 'agent_console_routing_latency_seconds_count')

    let open = () => undefined as void
    const opened = new Promise<void>((resolve) => (open = resolve))
    gate = { opened, open, held: 0 }
    const inbound = agent.client.next<InboundCall>('inbound')
    const { callId } = await queueCustomer(await server.customer(), segment)
    // The server read the join before it answered it: the ring's latency runs at least from here.
    const joinAnswered = performance.now()
    await pollUntil(() => (gate?.held ?? 0) > 0, "the ring's NOTIFY held")

    const held = await scrape()
    assert.equal(count(held) - count(start), 0, 'no latency observed while the inbound waits for its NOTIFY')
    assert.equal(
      valueOf(held, 'agent_console_offers_total', { kind: 'inbound' }),
      valueOf(start, 'agent_console_offers_total', { kind: 'inbound' }),
    )

    const released = performance.now()
    gate.open()
    gate = null
    assert.equal((await inbound).id, callId)
    await pollUntil(async () => count(await scrape()) - count(start) === 1, 'the latency observed')
    const rung = await scrape()
    const latencyMs =
      1000 *
      (valueOf(rung, 'agent_console_routing_latency_seconds_sum') -
        valueOf(start, 'agent_console_routing_latency_seconds_sum'))
    assert.ok(
      latencyMs >= released - joinAnswered,
      `latency ${latencyMs.toFixed(2)} ms; the NOTIFY was let go ${(released - joinAnswered).toFixed(2)} ms after the join was answered`,
    )
    assert.equal(
      valueOf(rung, 'agent_console_offers_total', { kind: 'inbound' }) -
        valueOf(start, 'agent_console_offers_total', { kind: 'inbound' }),
      1,
    )
  })
})
