import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { AgentStatusUpdate, ConsoleSettings, NotificationsUpdate } from '../../src/protocol'
import { TestServer } from './support/test-server'

describe('socket authenticate', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  it('registers the agent and sends settings, status and notifications', async () => {
    const { accessToken } = await server.login('ana@demo.test')
    const client = server.socket()
    await client.connected()
    client.emit('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'Europe/Madrid' })
    const authenticated = await client.next<{ userId: string; level: number }>('authenticate')
    assert.equal(authenticated.level, 5)
    const agent = await client.next<{ id: string; segments: string[]; callId: null }>('agent:authenticated')
    assert.equal(agent.id, authenticated.userId)
    assert.equal(agent.segments.length, 2)
    const settings = await client.next<ConsoleSettings>('console:settings')
    assert.equal(settings.calendarEnabled, true)
    assert.ok(settings.statuses.some((status) => status.id === 'available'))
    assert.deepEqual(await client.next<AgentStatusUpdate>('agent:status:update'), {
      online: false,
      available: false,
      inCall: false,
      status: 'disconnected',
    })
    const notifications = await client.next<NotificationsUpdate>('notifications:update')
    assert.equal(notifications.total, 3)
    assert.equal(notifications.unread, 2)
  })

  it('answers authenticate:error 401 for a bad token and closes the socket', async () => {
    const client = server.socket()
    await client.connected()
    client.emit('authenticate', { accessToken: 'not-a-token', sessionId: randomUUID(), timezone: 'UTC' })
    assert.equal((await client.next<{ code: number }>('authenticate:error')).code, 401)
    await client.next('disconnect')
  })

  it('answers authenticate:error 401 to an administrator', async () => {
    const { accessToken } = await server.login('admin@demo.test')
    const client = server.socket()
    await client.connected()
    client.emit('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'UTC' })
    assert.equal((await client.next<{ code: number }>('authenticate:error')).code, 401)
  })

  it('answers authenticate:error 400 for a malformed payload', async () => {
    const client = server.socket()
    await client.connected()
    client.emit('authenticate', { accessToken: 12 })
    assert.equal((await client.next<{ code: number }>('authenticate:error')).code, 400)
  })

  it('answers 403 (duplicated session) to a second session of a connected user, and lets the same session back in', async () => {
    const sessionId = randomUUID()
    const first = await server.agent('bruno@demo.test', { sessionId })
    const { accessToken } = await server.login('bruno@demo.test')
    const second = server.socket()
    await second.connected()
    second.emit('authenticate', { accessToken, sessionId: randomUUID(), timezone: 'UTC' })
    assert.deepEqual(await second.next('authenticate:error'), {
      code: 403,
      message: 'There is already an active session, please close your other session.',
    })
    // The same session on a new socket (a reload) replaces the old socket.
    const reload = await server.agent('bruno@demo.test', { sessionId })
    await first.client.next('disconnect')
    assert.ok(reload.client.socket.connected)
  })

  it('refuses events before authenticate with 401', async () => {
    const client = server.socket()
    await client.connected()
    const reply = await client.request('status', { status: 'available' })
    assert.equal(reply.ok, false)
    if (!reply.ok) assert.equal(reply.error.code, 401)
    client.emit('notification:request', {})
    assert.equal(
      (await client.next<{ code: number; event: string }>('protocol:error')).event,
      'notification:request',
    )
  })

  it('changes status, tells every tab, and refuses unknown statuses', async () => {
    const sessionId = randomUUID()
    const { client } = await server.agent('carla@demo.test', { sessionId })
    const reply = await client.request<AgentStatusUpdate>('status', { status: 'available' })
    assert.deepEqual(reply, {
      ok: true,
      data: { online: true, available: true, inCall: false, status: 'available' },
    })
    await client.next('agent:status:update')
    client.emit('change:status', { status: 'break' })
    assert.deepEqual(await client.next('agent:status:update'), {
      online: true,
      available: false,
      inCall: false,
      status: 'break',
    })
    const bad = await client.request('status', { status: 'sleeping' })
    assert.equal(bad.ok, false)
    // The status is kept: reconnecting brings it back.
    client.close()
    await client.next('disconnect')
    const again = await server.agent('carla@demo.test', { sessionId })
    void again
    const rows = await server.db.query<{ status: string }>(
      "SELECT s.status FROM agent_states s JOIN users u ON u.id = s.user_id WHERE u.email = 'carla@demo.test'",
    )
    assert.equal(rows[0]?.status, 'break')
  })

  it('lists notifications and marks them read', async () => {
    const { client } = await server.agent('diego@demo.test')
    const listed = await client.request<NotificationsUpdate>('notification:request', {})
    assert.ok(listed.ok)
    await client.next('notifications:update')
    const read = await client.request<NotificationsUpdate>('notifications:read', {})
    assert.ok(read.ok && read.data.unread === 0)
  })

  it('closes the sessions of a logout with forced:disconnect', async () => {
    const { client, token } = await server.agent('elena@demo.test')
    await server.http('POST', '/auth/logout', { token })
    assert.deepEqual(await client.next('forced:disconnect'), { code: 401, reason: 'logout' })
    await client.next('disconnect')
  })
})
