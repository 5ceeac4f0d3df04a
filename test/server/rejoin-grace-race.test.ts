import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Call } from '../../src/protocol'
import type { Database } from '../../server/store/database'
import { newId } from '../../server/store/ids'
import { sweepOnce } from '../../server/routing/sweeper'
import { freshDatabase } from './support/prepared-database'
import { TestServer } from './support/test-server'
import { agentOffline, callInNewSegment, customerAway } from './support/call-flow'

// Issue 69, found while writing test/e2e/chaos-grace.test.ts: the sweep that ends a customer's grace can
// run while a returning agent is being given back their call. Read before the sweep and joined to the
// call's room after its `customer:timeout`, the agent heard nothing and its `rejoin` said the customer
// could still come back; joined before it, the timeout reached the console ahead of `rejoin`, where it
// is in no call yet and drops it. Either way: an agent in a call without a customer.

/** Runs once before the `countdown`-th statement or transaction on the server's database from now. */
let hook: { countdown: number; run: () => Promise<void> } | null = null

async function beforeStatement(): Promise<void> {
  if (!hook || --hook.countdown > 0) return
  const { run } = hook
  hook = null
  await run()
}

/** The server's database, where `hook` can put work between two of its statements. */
function hooked(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query')
        return async (sql: string, params?: unknown[]) => {
          await beforeStatement()
          return target.query(sql, params)
        }
      if (property === 'transaction')
        return async (work: Parameters<Database['transaction']>[0]) => {
          await beforeStatement()
          return target.transaction(work)
        }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

let server: TestServer
before(async () => {
  server = await TestServer.start({ database: hooked(await freshDatabase()) })
})
after(() => server.close())

const grace = () => server.app.context.timers.customerGraceMs

/**
 * An agent and a customer in a call on a process that died (as a `kill -9` leaves the rows: both
 * connected, on a process whose heartbeat stopped), with their sockets gone.
 */
async function callOnDeadProcess(name: string) {
  const { email, sessionId, owner, customer, call } = await callInNewSegment(server, name)
  owner.client.socket.io.engine.close()
  await agentOffline(server, owner.userId)
  customer.socket.io.engine.close()
  await customerAway(server, call.id)
  const deadNode = newId()
  await server.db.query('INSERT INTO nodes (id, heartbeat_at) VALUES ($1, $2)', [
    deadNode,
    new Date(server.clock.now()),
  ])
  await server.db.query(
    "UPDATE agent_states SET connected = true, node_id = $2, socket_id = 'gone', disconnected_at = NULL WHERE user_id = $1",
    [owner.userId, deadNode],
  )
  await server.db.query(
    'UPDATE calls SET customer_connected = true, customer_disconnected_at = NULL, customer_node_id = $2 WHERE id = $1',
    [call.id, deadNode],
  )
  await server.db.query('UPDATE participants SET connected = true WHERE room_id = $1', [call.id])
  return { email, sessionId, call }
}

describe('the sweep that ends the grace, landing in an agent’s return to the call', () => {
  it('whatever statement of the return it lands before, the agent learns the customer is gone', async (t) => {
    // Step n runs the sweep before the n-th statement of the agent's return, until the return is over
    // before it: every place the sweep can land in, once.
    let step = 1
    for (; ; step++) {
      assert.ok(step < 100, 'the return never ended before the sweep')
      const { email, sessionId, call } = await callOnDeadProcess(`Race ${step}`)
      // The server came back after the customer's grace: its first sweep takes over and times them out.
      await server.advance(grace() + 5_000)
      const login = await server.login(email)
      const back = server.socket()
      const order: string[] = []
      back.socket.onAny((event: string) => order.push(event))
      await back.connected()
      hook = { countdown: step, run: () => sweepOnce(server.app.context) }
      const reply = await back.request('authenticate', {
        accessToken: login.accessToken,
        sessionId,
        timezone: 'UTC',
      })
      assert.ok(reply.ok, JSON.stringify(reply))
      const landed = hook === null
      hook = null
      // Past the return: the sweep now (the last step) and whatever it sends.
      if (!landed) await sweepOnce(server.app.context)
      await server.idle()

      const rejoined = await back.next<Call>('rejoin', (view) => view.id === call.id)
      if (rejoined.customerGone !== 'timeout') {
        const where = `step ${step}: rejoin says ${rejoined.customerGone}`
        await back
          .next<{ callId: string }>('customer:timeout', (event) => event.callId === call.id, 2_000)
          .catch(() => assert.fail(`${where}, and no customer:timeout came (${order.join(', ')})`))
        assert.ok(
          order.indexOf('customer:timeout') > order.indexOf('rejoin'),
          `${where}, and customer:timeout came before it (${order.join(', ')})`,
        )
      }
      assert.ok((await back.request('hangup', {})).ok)
      back.close()
      if (!landed) break
    }
    // The return has more than a handful of statements: the loop went through them.
    t.diagnostic(`the sweep landed before each of ${step - 1} statements, then after the return`)
    assert.ok(step > 5, `only ${step} steps`)
  })
})
