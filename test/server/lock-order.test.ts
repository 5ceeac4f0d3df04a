import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import pg from 'pg'
import type { InboundCall } from '../../src/protocol'
import { openPostgres } from '../../server/store/postgres-database'
import { TestServer } from './support/test-server'
import { queueCustomer } from './support/call-flow'
import { startPostgres, type PostgresCluster } from './support/postgres-cluster'
import { pollUntil } from './support/poll'

/**
 * On PostgreSQL, transactions of several processes meet on the same rows. Every routing transaction
 * locks a call's row before its offers: one that took the offer first (the ring's end, the answer)
 * while another held the call and waited for that offer (the customer leaving) was a deadlock, and
 * PostgreSQL killed one of the two (seen when 220 customers and their agents left at once).
 */
describe('routing transactions lock a call before its offers (PostgreSQL)', () => {
  let cluster: PostgresCluster
  let databaseUrl: string
  let server: TestServer
  // One client, not a pool: its end() waits for its connection to close, before the cluster stops.
  let admin: pg.Client

  before(async () => {
    cluster = await startPostgres()
    databaseUrl = await cluster.createDatabase('lock_order')
    server = await TestServer.start({ database: openPostgres(databaseUrl), seed: true })
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
  })
  after(async () => {
    await server?.close()
    await admin?.end()
    await cluster?.stop()
  })

  /** A call ringing at a fresh agent of a fresh segment. */
  async function ringing() {
    const segment = await server.createSegment(`Locks ${Math.random()}`)
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const { callId } = await queueCustomer(await server.customer(), segment)
    assert.equal((await agent.client.next<InboundCall>('inbound')).id, callId)
    return { agent, callId }
  }

  /**
   * Holds the call's row in a transaction of another connection while `act` runs; once the server's
   * transaction waits on a lock, says whether the call's offer could still be locked (it must be: the
   * server's transaction waits for the call before it takes the offer). Then lets go.
   */
  async function whileCallHeld<T>(
    callId: string,
    act: () => Promise<T>,
  ): Promise<{ offerFree: boolean; result: T }> {
    const holder = new pg.Client({ connectionString: databaseUrl })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM calls WHERE id = $1 FOR UPDATE', [callId])
      const acting = act()
      await pollUntil(
        async () => (await admin.query('SELECT 1 FROM pg_locks WHERE NOT granted')).rowCount! > 0,
        'the server waits for the call',
      )
      let offerFree = true
      try {
        await holder.query(
          "SELECT id FROM offers WHERE call_id = $1 AND state = 'ringing' FOR UPDATE NOWAIT",
          [callId],
        )
      } catch (error) {
        // 55P03: lock_not_available, the server's transaction holds the offer while it waits for the call.
        if ((error as { code?: string }).code !== '55P03') throw error
        offerFree = false
      }
      await holder.query('ROLLBACK')
      return { offerFree, result: await acting }
    } finally {
      await holder.end()
    }
  }

  const offerState = async (callId: string) =>
    (await admin.query<{ state: string }>('SELECT state FROM offers WHERE call_id = $1', [callId])).rows[0]
      ?.state

  it('an agent who leaves while ringing: the ring ends once the call is free, the offer untouched until then', async () => {
    const { agent, callId } = await ringing()
    const { offerFree } = await whileCallHeld(callId, async () => agent.client.close())
    assert.equal(offerFree, true, 'the offer was locked before its call')
    await pollUntil(async () => (await offerState(callId)) === 'canceled', 'the ring ended')
  })

  for (const [event, state, who] of [
    ['answer', 'answered', 'an answer'],
    ['dismiss', 'dismissed', 'a dismissal'],
  ] as const)
    it(`${who} waits for the call before it takes the offer, then ends the ring as ${state}`, async () => {
      const { agent, callId } = await ringing()
      const { offerFree, result } = await whileCallHeld(callId, () => agent.client.request(event, { callId }))
      assert.equal(offerFree, true, 'the offer was locked before its call')
      assert.equal(result.ok, true)
      assert.equal(await offerState(callId), state)
    })
})
