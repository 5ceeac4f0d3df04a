import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { PGliteDatabase } from '../../server/store/pglite-database'
import { newId } from '../../server/store/ids'
import { SEED } from '../../server/store/seed-content'
import { freshDatabase } from './support/prepared-database'
import { insertReadyAgents } from './support/ready-agents'

// The ring's agent search (offer_next_call, migration 043) on tables with statistics, as PostgreSQL's
// autovacuum keeps them: it must read agents in "waited longest" order through agent_states_ready and
// stop at the first of the segment, not hash the whole table on every ring.
describe('the routing function on tables with statistics', () => {
  const agents = 400
  const segmentCount = 10
  let db: PGliteDatabase
  const segments: string[] = []
  const agentIds: string[] = []
  const nodeId = newId()

  before(async () => {
    db = await freshDatabase()
    await db.query('INSERT INTO nodes (id, heartbeat_at, backend_pid) VALUES ($1, now(), 1)', [nodeId])
    for (let s = 0; s < segmentCount; s++) {
      segments.push(newId())
      await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1, $2, $3)', [
        segments[s],
        SEED.account,
        `Plan ${s}`,
      ])
    }
    agentIds.push(...(await insertReadyAgents(db, { count: agents, segments, nodeId, emailPrefix: 'plan' })))
    await db.query('ANALYZE')
  })
  after(() => db.close())

  /** agent_states' scans so far, by kind (the counters are flushed on demand). */
  const scans = async () => {
    await db.query('SELECT pg_stat_force_next_flush()')
    const rows = await db.query<{ seq_scan: string; idx_scan: string }>(
      "SELECT seq_scan, idx_scan FROM pg_stat_user_tables WHERE relname = 'agent_states'",
    )
    return { seq: Number(rows[0]?.seq_scan), index: Number(rows[0]?.idx_scan) }
  }

  it('rings the longest-waiting agent of the segment without reading every agent', async () => {
    const segment = 7
    const callId = newId()
    await db.query(
      `SELECT * FROM join_queue($1, $2, $3, $4, 'Customer', false, '{}', '[]', NULL, NULL, NULL, NULL, now(), 600000,
                                NULL, $5)`,
      [callId, `peer-${callId}`, segments[segment], `session-${callId}`, nodeId],
    )
    const before = await scans()
    const rows = await db.query<{ agent_id: string; call: { id: string; customer_name: string } }>(
      `SELECT * FROM offer_next_call($1, $2, now(), now() + interval '20 seconds', 'epoch', now() - interval '30 seconds')`,
      [segments[segment], newId()],
    )
    const after = await scans()
    assert.equal(rows[0]?.call.id, callId)
    assert.equal(rows[0]?.call.customer_name, 'Customer')
    assert.equal(rows[0]?.agent_id, agentIds[segment], 'the first agent of segment 7 has waited longest')
    assert.equal(after.seq - before.seq, 0, 'no sequential scan of agent_states')
    assert.ok(after.index > before.index, 'agent_states read through an index')
  })
})
