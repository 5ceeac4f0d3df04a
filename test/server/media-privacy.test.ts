import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IceConfig } from '../../src/protocol'
import { MAX_SIGNAL_BYTES } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'
import { pollUntil } from './support/poll'

// Documentation addresses (RFC 5737): what ICE would leak of an agent's and a customer's networks.
const AGENT_ADDRESS = '203.0.113.77'
const AGENT_PUBLIC = '198.51.100.23'
const CUSTOMER_ADDRESS = '192.0.2.45'
const SECRET = 'media-privacy-turn-secret-5d1e0c2b'

const candidate = (address: string, port: number, type: string) => ({
  candidate: {
    candidate: `candidate:842163049 1 udp 1677729535 ${address} ${port} typ ${type} raddr 0.0.0.0 rport 0 generation 0`,
    sdpMid: '0',
    sdpMLineIndex: 0,
  },
})
const offer = {
  type: 'offer',
  sdp: `v=0\r\no=- 4611731400430051336 2 IN IP4 ${AGENT_PUBLIC}\r\nc=IN IP4 ${AGENT_PUBLIC}\r\na=candidate:1 1 udp 2122260223 ${AGENT_ADDRESS} 54400 typ host\r\n`,
}

describe('media privacy', () => {
  const chunks: string[] = []
  let server: TestServer
  before(async () => {
    server = await TestServer.start({
      logLevel: 'trace',
      logStream: { write: (line: string) => void chunks.push(line) },
      ice: {
        stunUrls: [],
        turnUrls: ['turn:turn.example.test:3478'],
        turnSecret: SECRET,
        turnTtlSeconds: 600,
        iceTransportPolicy: 'all',
      },
    })
  })
  after(() => server.close())

  it('never logs an ICE candidate, an SDP or a TURN credential, relayed or refused', async () => {
    const segment = await server.createSegment('Privacy')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    const { peerId } = await queueCustomer(customer, segment)
    const call = await answer(agent.client)
    await customer.next('call:joined')

    // Relayed both ways, as a call's negotiation goes.
    agent.client.emit('signal', { to: peerId, channel: 'media', data: offer })
    agent.client.emit('signal', {
      to: peerId,
      channel: 'media',
      data: candidate(AGENT_ADDRESS, 54400, 'host'),
    })
    agent.client.emit('signal', {
      to: peerId,
      channel: 'media',
      data: candidate(AGENT_PUBLIC, 61000, 'srflx'),
    })
    const received = [
      await customer.next<{ data: unknown }>('signal'),
      await customer.next<{ data: unknown }>('signal'),
      await customer.next<{ data: unknown }>('signal'),
    ]
    assert.deepEqual(
      received[1]?.data,
      candidate(AGENT_ADDRESS, 54400, 'host'),
      'the relay forwards data as sent',
    )
    customer.emit('signal', {
      to: call.peerId,
      channel: 'media',
      data: candidate(CUSTOMER_ADDRESS, 50000, 'host'),
    })
    await agent.client.next('signal')

    // Refused: a channel that does not exist, a peer outside the call, too large, unauthenticated, no call.
    const refusals = [
      await agent.client.request('signal', {
        to: peerId,
        channel: 'bogus',
        data: candidate(AGENT_ADDRESS, 1, 'host'),
      }),
      await agent.client.request('signal', { to: 'agent:nobody', channel: 'media', data: offer }),
      await agent.client.request('signal', {
        to: peerId,
        channel: 'media',
        data: { ...offer, padding: `${AGENT_ADDRESS} `.repeat(MAX_SIGNAL_BYTES / 10) },
      }),
      await server.socket().request('signal', { to: peerId, channel: 'media', data: offer }),
      await (
        await server.customer()
      ).request('signal', {
        to: call.peerId,
        channel: 'media',
        data: candidate(CUSTOMER_ADDRESS, 50001, 'host'),
      }),
    ]
    assert.deepEqual(
      refusals.map((reply) => (reply.ok ? 'ok' : reply.error.code)),
      // Too large: refused by the event's size cap (413) before its schema is read.
      [400, 409, 413, 401, 409],
    )
    // Without an ack, a refusal goes back as protocol:error: still nothing of the data in the logs.
    agent.client.emit('signal', { to: peerId, channel: 'nope', data: candidate(AGENT_ADDRESS, 2, 'host') })
    await agent.client.next('protocol:error')

    const ice = await agent.client.request<IceConfig>('ice:servers', {})
    assert.ok(ice.ok)
    const turn = ice.data.iceServers[0]
    assert.ok(turn?.credential)

    // The refusals were logged (so the check below looks at real lines), without what they carried.
    await pollUntil(
      () =>
        chunks
          .join('')
          .split('\n')
          .filter((line) => line.includes('"socketEvent":"signal"')).length >= 6,
      'the refused signals logged',
    )
    const logs = chunks.join('')
    for (const secret of [
      AGENT_ADDRESS,
      AGENT_PUBLIC,
      CUSTOMER_ADDRESS,
      'candidate:',
      'a=candidate',
      'typ host',
      SECRET,
      turn.credential,
    ])
      assert.ok(!logs.includes(secret), `the logs hold ${secret}`)
  })
})
