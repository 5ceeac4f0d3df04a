import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { CallHistoryDetail, CallQuality, MeetingJoined } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { insertAppointment } from './support/appointments'
import { parsePrometheus, valueOf, type Sample } from './support/prometheus'

const TOKEN = 'call-quality-metrics-token'

/** A relayed call over TURN/TCP that took 1.2 s to show video: what a console sends at its end. */
const RELAYED: CallQuality = {
  setupMs: 1200,
  rttMs: 85,
  jitterMs: 6.5,
  loss: 0.012,
  inKbps: 1450,
  outKbps: 1320,
  candidateType: 'relay',
  relayProtocol: 'tcp',
  relayShare: 1,
  restarts: 1,
  samples: 184,
}

let server: TestServer
before(async () => {
  server = await TestServer.start({ metricsToken: TOKEN })
})
after(() => server.close())

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  assert.equal(response.status, 200)
  return parsePrometheus(await response.text())
}

/** An agent who answered a customer's call and hung up; the call's id. */
async function endedCall() {
  const segment = await server.createSegment('Quality')
  const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
  const customer = await server.customer()
  await queueCustomer(customer, segment)
  const call = await answer(agent.client)
  assert.ok((await agent.client.request('hangup', {})).ok)
  await agent.client.next('end')
  return { agent, callId: call.id, segment }
}

async function detail(token: string, id: string) {
  const response = await server.http<CallHistoryDetail>('GET', `/calls/${id}`, { token })
  assert.equal(response.status, 200, JSON.stringify(response.body))
  return response.body
}

describe('call:quality', () => {
  it('stores the summary with the agent’s part in the call: the history detail shows it', async () => {
    const { agent, callId } = await endedCall()
    assert.equal((await detail(agent.token, callId)).quality, null, 'nothing before the report')
    const reply = await agent.client.request('call:quality', { callId, quality: RELAYED })
    assert.deepEqual(reply, { ok: true, data: null })
    assert.deepEqual((await detail(agent.token, callId)).quality, RELAYED)
  })

  it('keeps the first report of a call: a second one is acknowledged and ignored', async () => {
    const { agent, callId } = await endedCall()
    assert.ok((await agent.client.request('call:quality', { callId, quality: RELAYED })).ok)
    const again = { ...RELAYED, rttMs: 900, candidateType: 'host', relayProtocol: null, relayShare: 0 }
    assert.deepEqual(await agent.client.request('call:quality', { callId, quality: again }), {
      ok: true,
      data: null,
    })
    assert.deepEqual((await detail(agent.token, callId)).quality, RELAYED)
  })

  it("refuses another agent's report (404) and leaves the call's quality alone", async () => {
    const { agent, callId, segment } = await endedCall()
    const other = await server.agent(await server.createAgent([segment]))
    const refused = await other.client.request('call:quality', { callId, quality: RELAYED })
    assert.equal(refused.ok, false)
    if (!refused.ok) assert.equal(refused.error.code, 404)
    assert.equal((await detail(agent.token, callId)).quality, null)
    // Nor a call that does not exist.
    const unknown = await agent.client.request('call:quality', {
      callId: '0123456789abcdef01234567',
      quality: RELAYED,
    })
    assert.equal(unknown.ok, false)
    if (!unknown.ok) assert.equal(unknown.error.code, 404)
  })

  it('refuses values that are not measures: out of range, negative, fractional counts, text, unknown kinds', async () => {
    const { agent, callId } = await endedCall()
    const malformed: Record<string, unknown>[] = [
      { rttMs: 1e308 },
      { setupMs: -1 },
      { loss: 1.5 },
      { relayShare: -0.1 },
      { restarts: 1.5 },
      { samples: -3 },
      { inKbps: '1450' },
      { candidateType: 'bogus' },
      { relayProtocol: 'quic' },
      { jitterMs: { $gt: 0 } },
    ]
    for (const change of malformed) {
      const reply = await agent.client.request('call:quality', { callId, quality: { ...RELAYED, ...change } })
      assert.equal(reply.ok, false, JSON.stringify(change))
      if (!reply.ok) assert.equal(reply.error.code, 400, JSON.stringify(change))
    }
    const { rttMs: _dropped, ...missing } = RELAYED
    assert.equal((await agent.client.request('call:quality', { callId, quality: missing })).ok, false)
    assert.equal(
      (await agent.client.request('call:quality', { callId: 'not-an-id', quality: RELAYED })).ok,
      false,
    )
    assert.equal((await detail(agent.token, callId)).quality, null, 'nothing stored from a refused report')
    // NaN and Infinity travel as null in JSON: a summary with them is one that measured nothing there.
    const unmeasured = { ...RELAYED, rttMs: Number.NaN, jitterMs: Number.POSITIVE_INFINITY }
    assert.ok((await agent.client.request('call:quality', { callId, quality: unmeasured })).ok)
    assert.deepEqual((await detail(agent.token, callId)).quality, { ...RELAYED, rttMs: null, jitterMs: null })
  })

  it('stores what the schema knows only: extra fields (an address…) are dropped', async () => {
    const { agent, callId } = await endedCall()
    const withExtra = {
      ...RELAYED,
      remoteAddress: '203.0.113.9',
      candidates: ['candidate:1 1 udp 1 203.0.113.9 1 typ host'],
    }
    assert.ok((await agent.client.request('call:quality', { callId, quality: withExtra })).ok)
    const stored = await server.db.query<{ quality: unknown }>(
      'SELECT quality FROM call_legs WHERE room_id = $1 AND agent_id = $2',
      [callId, agent.userId],
    )
    assert.deepEqual(stored[0]?.quality, RELAYED)
    assert.ok(!JSON.stringify(await detail(agent.token, callId)).includes('203.0.113.9'))
  })

  it("stores a meeting's summary with the agent's part in the meeting", async () => {
    const agent = await server.agent(await server.createAgent([]), { status: 'available' })
    const meeting = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
    assert.ok((await agent.client.request<MeetingJoined>('meeting:join', { appointment: meeting.id })).ok)
    assert.ok((await agent.client.request('meeting:hangup', {})).ok)
    const direct: CallQuality = {
      ...RELAYED,
      candidateType: 'host',
      relayProtocol: null,
      relayShare: 0,
      restarts: 0,
    }
    assert.ok((await agent.client.request('call:quality', { callId: meeting.id, quality: direct })).ok)
    const shown = await detail(agent.token, meeting.id)
    assert.equal(shown.kind, 'meeting')
    assert.deepEqual(shown.quality, direct)
  })

  it('counts each stored summary once in the Prometheus histograms and the media path counter', async () => {
    const before = await scrape()
    const { agent, callId } = await endedCall()
    const quality: CallQuality = {
      ...RELAYED,
      setupMs: 2500,
      rttMs: 40,
      loss: 0.03,
      relayShare: 0.5,
      relayProtocol: 'tls',
    }
    assert.ok((await agent.client.request('call:quality', { callId, quality })).ok)
    assert.ok((await agent.client.request('call:quality', { callId, quality })).ok)
    // A call whose media never connected: nothing to observe but its path, none.
    const { agent: other, callId: silent } = await endedCall()
    const never: CallQuality = {
      setupMs: null,
      rttMs: null,
      jitterMs: null,
      loss: null,
      inKbps: null,
      outKbps: null,
      candidateType: null,
      relayProtocol: null,
      relayShare: null,
      restarts: 0,
      samples: 0,
    }
    assert.ok((await other.client.request('call:quality', { callId: silent, quality: never })).ok)
    const after = await scrape()
    const gained = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels)
    const metric = (name: string) => `agent_console_${name}`
    assert.equal(gained(metric('call_setup_seconds_count')), 1)
    assert.equal(gained(metric('call_setup_seconds_sum')), 2.5)
    assert.equal(gained(metric('call_setup_seconds_bucket'), { le: '3' }), 1)
    assert.equal(gained(metric('call_setup_seconds_bucket'), { le: '2' }), 0)
    assert.equal(gained(metric('call_rtt_seconds_count')), 1)
    assert.ok(Math.abs(gained(metric('call_rtt_seconds_sum')) - 0.04) < 1e-9)
    assert.equal(gained(metric('call_rtt_seconds_bucket'), { le: '0.05' }), 1)
    assert.equal(gained(metric('call_rtt_seconds_bucket'), { le: '0.025' }), 0)
    assert.equal(gained(metric('call_packet_loss_ratio_count')), 1)
    assert.equal(gained(metric('call_packet_loss_ratio_bucket'), { le: '0.05' }), 1)
    assert.equal(gained(metric('call_packet_loss_ratio_bucket'), { le: '0.02' }), 0)
    assert.equal(gained(metric('call_relay_share_ratio_count')), 1)
    assert.equal(gained(metric('call_relay_share_ratio_sum')), 0.5)
    assert.equal(
      gained(metric('call_media_paths_total'), { candidate_type: 'relay', relay_protocol: 'tls' }),
      1,
    )
    assert.equal(
      gained(metric('call_media_paths_total'), { candidate_type: 'none', relay_protocol: 'none' }),
      1,
    )
    assert.equal(gained(metric('call_media_paths_total')), 2)
  })
})
