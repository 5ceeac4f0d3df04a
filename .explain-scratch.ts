import { openPGlite } from './server/store/pglite-database'
import { migrate } from './server/store/migrate'
import { seed } from './server/store/seed'
import { insertUser } from './server/store/seed'
import { newId } from './server/store/ids'
import { SEED } from './server/store/seed-content'
const db = await openPGlite({ dataDir: 'memory://' })
await migrate(db); await seed(db, Date.now(), { passwordCost: { N: 1024, r: 8, p: 1 } })
const node = newId(); await db.query('INSERT INTO nodes VALUES ($1, now())', [node])
const segs = [] as string[]
for (let s = 0; s < 10; s++) { const id = newId(); segs.push(id); await db.query('INSERT INTO segments (id, account_id, name) VALUES ($1,$2,$3)', [id, SEED.account, 'S' + s]) }
await db.transaction(async (tx) => { for (let a = 0; a < 1000; a++) { const id = newId(); await insertUser(tx, { id, accountId: SEED.account, email: `e${a}@x`, firstname: 'a', lastname: 'b', level: 5, passwordHash: 'x' }); await tx.query('INSERT INTO agent_segments VALUES ($1,$2)', [id, segs[a % 10]]) } })
await db.query("UPDATE agent_states SET connected = true, status = 'available', node_id = $1, available_since = now() - random() * interval '1 hour'", [node])
await db.query('ANALYZE')
const sql = `SELECT s.user_id FROM agent_states s
         JOIN agent_segments g ON g.user_id = s.user_id AND g.segment_id = $1
        WHERE s.connected AND s.status = 'available' AND s.call_id IS NULL AND s.appointment_id IS NULL
          AND s.ringing_call_id IS NULL
          AND EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id AND n.heartbeat_at > $3)
          AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.call_id = $2 AND o.agent_id = s.user_id
                            AND o.state IN ('dismissed', 'timeout') AND o.ended_at > $4)
        ORDER BY s.available_since ASC NULLS FIRST, s.user_id
        LIMIT 1 FOR UPDATE OF s SKIP LOCKED`
const params = [segs[0], newId(), new Date(Date.now() - 30000), new Date(Date.now() - 30000)]
const plan = await db.query<{ 'QUERY PLAN': string }>('EXPLAIN ANALYZE ' + sql, params)
console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
for (const [name, q, p] of [['agent', sql, params], ['simple', 'SELECT 1', []], ['segment', 'SELECT id, name FROM segments WHERE id = $1', [segs[0]]], ['insert', "INSERT INTO call_events VALUES ($1, 'x', 'k', null, now())", null]] as const) {
  const t = performance.now()
  for (let i = 0; i < 200; i++) await db.query(q, p === null ? [newId()] : (p as unknown[]))
  console.log(name, ((performance.now() - t) / 200).toFixed(3), 'ms')
}
let t = performance.now()
for (let i = 0; i < 200; i++) await db.transaction(async (tx) => { await tx.query('SELECT 1') })
console.log('tx', ((performance.now() - t) / 200).toFixed(3))
await db.close()
