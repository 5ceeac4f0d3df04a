import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { IceConfig, MeetingJoined } from '../../src/protocol'
import { NO_ICE, type IceSettings } from '../../server/media/ice-settings'
import { mintTurnCredential } from '../../server/media/ice-credentials'
import { TestServer } from './support/test-server'
import { queueCustomer } from './support/call-flow'
import { insertAppointment } from './support/appointments'
import { allocate } from './support/turn-probe'

const SECRET = 'ice-servers-test-secret-0f3c9a1d7e'
const STUN = 'stun:stun.example.test:3478'
const TURN_URLS = ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:443?transport=tcp']
const ICE: IceSettings = {
  stunUrls: [STUN],
  turnUrls: TURN_URLS,
  turnSecret: SECRET,
  turnTtlSeconds: 600,
  iceTransportPolicy: 'all',
}

/** The coturn REST password of `username` with the test's secret, computed here apart from the server. */
const passwordOf = (username: string) => createHmac('sha1', SECRET).update(username).digest('base64')

/** The TURN entry of a reply (the one with a credential). */
function turnOf(config: IceConfig) {
  const turn = config.iceServers.find((server) => server.username !== undefined)
  assert.ok(turn, `no TURN entry in ${JSON.stringify(config)}`)
  return turn as { urls: string[]; username: string; credential: string }
}

describe('ice:servers', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start({ ice: ICE })
  })
  after(() => server.close())

  it('refuses an agent socket that has not authenticated', async () => {
    const socket = server.socket()
    await socket.connected()
    const reply = await socket.request('ice:servers', {})
    assert.equal(reply.ok, false)
    if (!reply.ok) assert.equal(reply.error.code, 401)
  })

  it('gives an agent STUN, and TURN with a credential minted for them that lives TURN_TTL', async () => {
    const agent = await server.agent(await server.createAgent([]))
    const reply = await agent.client.request<IceConfig>('ice:servers', {})
    assert.ok(reply.ok, JSON.stringify(reply))
    const expiry = Math.floor(server.clock.now() / 1000) + 600
    assert.deepEqual(reply.data, {
      iceServers: [
        { urls: [STUN] },
        {
          urls: TURN_URLS,
          username: `${expiry}:${agent.userId}`,
          credential: passwordOf(`${expiry}:${agent.userId}`),
        },
      ],
      iceTransportPolicy: 'all',
      expiresAt: expiry * 1000,
    })
  })

  it('mints a fresh credential when asked again before expiry (a long call keeps its relay)', async () => {
    const agent = await server.agent(await server.createAgent([]))
    const first = await agent.client.request<IceConfig>('ice:servers', {})
    assert.ok(first.ok)
    await server.advance(540_000)
    const renewed = await agent.client.request<IceConfig>('ice:servers', {})
    assert.ok(renewed.ok)
    assert.equal(renewed.data.expiresAt, (first.data.expiresAt as number) + 540_000)
    const turn = turnOf(renewed.data)
    assert.equal(turn.username, `${(renewed.data.expiresAt as number) / 1000}:${agent.userId}`)
    assert.equal(turn.credential, passwordOf(turn.username))
    assert.notEqual(turn.credential, turnOf(first.data).credential)
  })

  it('gives a queued customer a credential under a pseudonym, never their session id', async () => {
    const segment = await server.createSegment('ICE customers')
    const sessionId = randomUUID()
    const customer = await server.customer(sessionId)
    const early = await customer.request('ice:servers', {})
    assert.equal(early.ok, false, 'no TURN credential for a customer with no call or meeting')
    if (!early.ok) assert.equal(early.error.code, 409)
    await queueCustomer(customer, segment)
    const reply = await customer.request<IceConfig>('ice:servers', {})
    assert.ok(reply.ok, JSON.stringify(reply))
    const turn = turnOf(reply.data)
    assert.match(turn.username, /^\d+:customer-[0-9a-f]{20}$/)
    assert.ok(!JSON.stringify(reply.data).includes(sessionId))
    assert.equal(turn.credential, passwordOf(turn.username))
    assert.equal(reply.data.expiresAt, Number(turn.username.split(':')[0]) * 1000)
    assert.equal(reply.data.iceTransportPolicy, 'all')
  })

  it("follows the account's relay-only setting on both sides, and the server default without one", async () => {
    const segment = await server.createSegment('ICE relay')
    const agent = await server.agent(await server.createAgent([segment]))
    const setPolicy = (iceTransportPolicy: 'all' | 'relay' | null) =>
      server.http('PUT', '/dev/ice-transport-policy', { token: agent.token, body: { iceTransportPolicy } })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    const policies = async () => {
      const [agentReply, customerReply] = await Promise.all([
        agent.client.request<IceConfig>('ice:servers', {}),
        customer.request<IceConfig>('ice:servers', {}),
      ])
      assert.ok(agentReply.ok && customerReply.ok)
      return [agentReply.data.iceTransportPolicy, customerReply.data.iceTransportPolicy]
    }
    try {
      assert.deepEqual(await policies(), ['all', 'all'])
      assert.equal((await setPolicy('relay')).status, 200)
      assert.deepEqual(await policies(), ['relay', 'relay'])
      assert.equal((await setPolicy('bogus' as 'all')).status, 400)
      assert.deepEqual(await policies(), ['relay', 'relay'])
    } finally {
      assert.equal((await setPolicy(null)).status, 200)
    }
    assert.deepEqual(await policies(), ['all', 'all'])
  })

  it('gives a meeting guest in the waiting room the policy of the meeting’s account', async () => {
    const agent = await server.agent(await server.createAgent([]), { status: 'available' })
    const meeting = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
    assert.ok((await agent.client.request<MeetingJoined>('meeting:join', { appointment: meeting.id })).ok)
    await server.http('PUT', '/dev/ice-transport-policy', {
      token: agent.token,
      body: { iceTransportPolicy: 'relay' },
    })
    try {
      const guest = await server.customer()
      assert.ok((await guest.request('meeting:join', { code: meeting.code, name: 'Inés' })).ok)
      const reply = await guest.request<IceConfig>('ice:servers', {})
      assert.ok(reply.ok, JSON.stringify(reply))
      assert.equal(reply.data.iceTransportPolicy, 'relay')
      assert.match(turnOf(reply.data).username, /^\d+:customer-/)
    } finally {
      await server.http('PUT', '/dev/ice-transport-policy', {
        token: agent.token,
        body: { iceTransportPolicy: null },
      })
    }
  })
})

describe('ice:servers with the server default relay, and with nothing configured', () => {
  it("uses ICE_TRANSPORT_POLICY for accounts without their own, which an account's 'all' overrides", async () => {
    const server = await TestServer.start({ ice: { ...ICE, iceTransportPolicy: 'relay' } })
    try {
      const agent = await server.agent(await server.createAgent([]))
      const policy = async () => {
        const reply = await agent.client.request<IceConfig>('ice:servers', {})
        assert.ok(reply.ok)
        return reply.data.iceTransportPolicy
      }
      assert.equal(await policy(), 'relay')
      await server.http('PUT', '/dev/ice-transport-policy', {
        token: agent.token,
        body: { iceTransportPolicy: 'all' },
      })
      assert.equal(await policy(), 'all')
    } finally {
      await server.close()
    }
  })

  it('answers no servers and no expiry when none is configured (one network only)', async () => {
    const server = await TestServer.start({ ice: NO_ICE })
    try {
      const agent = await server.agent(await server.createAgent([]))
      const reply = await agent.client.request<IceConfig>('ice:servers', {})
      assert.ok(reply.ok)
      assert.deepEqual(reply.data, { iceServers: [], iceTransportPolicy: 'all', expiresAt: null })
    } finally {
      await server.close()
    }
  })
})

describe('the start of a production server', () => {
  /** What a production server logs at warn level as it starts with `ice`. */
  async function startWarnings(ice: IceSettings): Promise<string> {
    const chunks: string[] = []
    const server = await TestServer.start({
      production: true,
      ice,
      logLevel: 'warn',
      logStream: { write: (line: string) => void chunks.push(line) },
    })
    await server.close()
    return chunks.join('')
  }

  it('warns that media stays within one network when no ICE server is configured', async () => {
    assert.match(
      await startWarnings(NO_ICE),
      /"event":"ice\.unconfigured".*No STUN or TURN server is configured/,
    )
    assert.doesNotMatch(await startWarnings(ICE), /ice\.unconfigured/)
  })
})

/** Whether coturn is installed (the network lab installs it; CI as root does). */
const coturn = spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).status === 0

/** A free UDP port on 127.0.0.1, right now. */
async function freeUdpPort(): Promise<number> {
  const probe = createSocket('udp4')
  await new Promise<void>((resolve) => probe.bind(0, '127.0.0.1', resolve))
  const { port } = probe.address()
  await new Promise<void>((resolve) => probe.close(resolve))
  return port
}

describe(
  'a real coturn with use-auth-secret',
  { skip: !coturn && 'coturn (turnserver) is not installed' },
  () => {
    let turn: ChildProcess
    let port: number
    let output = ''
    let server: TestServer
    // coturn's own user database (unused with use-auth-secret, but opened): a throwaway one, not /var/lib/turn.
    const folder = mkdtempSync(join(tmpdir(), 'coturn-'))
    before(async () => {
      port = await freeUdpPort()
      turn = spawn('turnserver', [
        '-n',
        `--userdb=${join(folder, 'turndb')}`,
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        `--listening-port=${port}`,
        '--use-auth-secret',
        `--static-auth-secret=${SECRET}`,
        '--realm=ice-test.example',
        '--min-port=49152',
        '--max-port=65535',
        '--no-tls',
        '--no-dtls',
        '--no-cli',
        '--log-file=stdout',
        '--simple-log',
      ])
      turn.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      turn.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
      server = await TestServer.start({ ice: { ...ICE, turnUrls: [`turn:127.0.0.1:${port}?transport=udp`] } })
    })
    after(async () => {
      await server.close()
      if (turn.exitCode === null && turn.signalCode === null) {
        const exited = new Promise((resolve) => turn.once('exit', resolve))
        turn.kill()
        await exited
      }
      rmSync(folder, { recursive: true, force: true })
    })

    it('allocates a relay with the credential ice:servers minted, and refuses an expired or forged one', async () => {
      const agent = await server.agent(await server.createAgent([]))
      const reply = await agent.client.request<IceConfig>('ice:servers', {})
      assert.ok(reply.ok)
      const { username, credential } = turnOf(reply.data)
      // The first Allocate also waits for coturn to listen (it retransmits until answered).
      assert.deepEqual(await allocate(port, username, credential, 10_000), { ok: true }, output)
      const expired = mintTurnCredential(SECRET, agent.userId, Date.now() - 7_200_000, 600)
      assert.deepEqual(await allocate(port, expired.username, expired.credential), { ok: false, code: 401 })
      const forged = mintTurnCredential(`${SECRET}x`, agent.userId, Date.now(), 600)
      assert.deepEqual(await allocate(port, forged.username, forged.credential), { ok: false, code: 401 })
    })
  },
)
