import type { Database } from '../../../server/store/database'
import { newId } from '../../../server/store/ids'
import { insertUser } from '../../../server/store/seed'
import { SEED } from '../../../server/store/seed-content'

/**
 * `count` agents, available and connected on process `nodeId`, spread over `segments` in turn (agent a
 * serves segments[a % segments.length]); agent a has waited a seconds less than agent 0. Written
 * straight to the tables, without sockets: for tests and benches of the routing functions alone.
 *
 * @returns the agents' ids, longest-waiting first.
 */
export async function insertReadyAgents(
  db: Database,
  options: { count: number; segments: string[]; nodeId: string; emailPrefix: string },
): Promise<string[]> {
  const ids: string[] = []
  await db.transaction(async (tx) => {
    for (let a = 0; a < options.count; a++) {
      const id = newId()
      ids.push(id)
      await insertUser(tx, {
        id,
        accountId: SEED.account,
        email: `${options.emailPrefix}-${a}@bench.test`,
        firstname: 'Ready',
        lastname: String(a),
        level: 5,
        passwordHash: 'x',
      })
      await tx.query('INSERT INTO agent_segments (user_id, segment_id) VALUES ($1, $2)', [
        id,
        options.segments[a % options.segments.length],
      ])
      await tx.query(
        `UPDATE agent_states SET status = 'available', connected = true, node_id = $2,
                available_since = now() - interval '1 day' + $3 * interval '1 second' WHERE user_id = $1`,
        [id, options.nodeId, a],
      )
    }
  })
  return ids
}
