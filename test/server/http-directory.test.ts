import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import CRC32 from 'crc-32'
import {
  containsFilter,
  encodeListQuery,
  type Agent,
  type Paged,
  type Recording,
  type Segment,
  type User,
  type UserSettings,
  type WidgetFormsResponse,
} from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { answer, queueCustomer } from './support/call-flow'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

describe('list queries', () => {
  let token: string
  before(async () => {
    token = (await server.login('ana@demo.test')).accessToken
  })

  it('pages, sorts and filters segments', async () => {
    const page = await server.http<Paged<Segment>>(
      'GET',
      `/segments${encodeListQuery({ $limit: 2, $skip: 0, $sort: { name: -1 } })}`,
      { token },
    )
    assert.deepEqual(
      page.body.data.map((s) => s.name),
      ['Support', 'Sales'],
    )
    assert.deepEqual(
      [page.body.total, page.body.limit, page.body.page, page.body.sortField, page.body.sortOrder],
      [3, 2, 1, 'name', -1],
    )
    const second = await server.http<Paged<Segment>>(
      'GET',
      `/segments${encodeListQuery({ $limit: 2, $skip: 2, $sort: { name: -1 } })}`,
      { token },
    )
    assert.deepEqual(
      second.body.data.map((s) => s.name),
      ['Billing'],
    )
    assert.equal(second.body.page, 2)
    const picked = await server.http<Paged<Segment>>(
      'GET',
      `/segments${encodeListQuery({ id: { $in: [SEED.segments.sales, SEED.segments.billing] } })}`,
      { token },
    )
    assert.equal(picked.body.total, 2)
  })

  it('lists agents of level 5 with a case-insensitive name filter, hiding the caller', async () => {
    const me = (await server.http<{ userId: string }>('GET', '/auth/check-token', { token })).body.userId
    const query = encodeListQuery({
      level: 5,
      id: { $ne: me },
      $or: [{ firstname: containsFilter('CAR') }, { lastname: containsFilter('CAR') }],
      $sort: { firstname: 1 },
    })
    const agents = await server.http<Paged<Agent>>('GET', `/users${query}`, { token })
    assert.equal(agents.status, 200)
    assert.deepEqual(
      agents.body.data.map((a) => a.firstname),
      ['Carla'],
    )
    assert.deepEqual(agents.body.data[0]?.status, {
      online: false,
      available: false,
      inCall: false,
      id: 'disconnected',
    })
    const all = await server.http<Paged<Agent>>(
      'GET',
      `/users${encodeListQuery({ level: 5, id: { $ne: me } })}`,
      { token },
    )
    assert.ok(all.body.data.every((a) => a.level === 5 && a.id !== me))
    assert.equal(all.body.limit, 10)
  })

  it('shows an agent online and available, and in a call', async () => {
    const segment = await server.createSegment('Status')
    const agent = await server.agent(await server.createAgent([segment], { firstname: 'Zed' }), {
      status: 'available',
    })
    const find = async () =>
      (await server.http<Paged<Agent>>('GET', `/users${encodeListQuery({ firstname: 'Zed' })}`, { token }))
        .body.data[0]?.status
    assert.deepEqual(await find(), { online: true, available: true, inCall: false, id: 'available' })
    const available = await server.http<Paged<Agent>>('GET', '/users?status[available]=true&firstname=Zed', {
      token,
    })
    assert.equal(available.body.total, 1)
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    await answer(agent.client)
    assert.deepEqual(await find(), { online: true, available: false, inCall: true, id: 'available' })
  })
})

describe('other HTTP calls', () => {
  it('serves a user with its account, user settings (and changes them), widget forms', async () => {
    const { accessToken: token } = await server.login('bruno@demo.test')
    const me = (await server.http<{ userId: string }>('GET', '/auth/check-token', { token })).body.userId
    const user = await server.http<User>('GET', `/users/${me}?$populate[0]=account`, { token })
    assert.deepEqual([user.body.email, user.body.account.name], ['bruno@demo.test', 'Demo Co'])
    const settings = await server.http<UserSettings>('GET', '/user/settings', { token })
    assert.equal(settings.body.ringtone, 'classic')
    const changed = await server.http<UserSettings>('PATCH', '/user/settings', {
      token,
      body: { ringtone: 'marimba' },
    })
    assert.equal(changed.body.ringtone, 'marimba')
    assert.equal(
      (await server.http('PATCH', '/user/settings', { token, body: { ringtone: 'jazz' } })).status,
      400,
    )
    const widget = await server.http<WidgetFormsResponse>('GET', '/widget?$select[]=forms', { token })
    assert.equal(widget.body.total, 1)
    assert.ok(widget.body.data[0]?.forms.some((form) => form.type === 'agent'))
    const other = await server.login('expired@demo.test').catch(() => null)
    assert.equal(other, null)
  })

  it('authorizes an upload, checks its CRC-32 and size, stores it and serves it back', async () => {
    const segment = await server.createSegment('Files')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    const call = await answer(agent.client)
    const bytes = Buffer.from('hello, this is a scanned document')
    const crc32 = CRC32.buf(bytes) >>> 0
    const authorize = (extra: Record<string, unknown> = {}) =>
      server.http<{ accessToken: string }>('POST', '/files/authorization', {
        token: agent.token,
        body: {
          size: bytes.length,
          crc32,
          extension: 'txt',
          type: 'text/plain',
          call: call.id,
          name: 'doc.txt',
          ...extra,
        },
      })
    const upload = (fileToken: string, body: Uint8Array) =>
      fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fileToken}`, 'content-type': 'application/octet-stream' },
        body: Uint8Array.from(body).buffer,
      })
    const damaged = await upload(
      (await authorize()).body.accessToken,
      Buffer.from('hello, this is a scanned documenT'),
    )
    assert.equal(damaged.status, 400)
    const granted = await authorize()
    const stored = await upload(granted.body.accessToken, bytes)
    assert.equal(stored.status, 201)
    const file = (await stored.json()) as { id: string; url: string; crc32: number }
    assert.equal(file.crc32, crc32)
    assert.equal((await upload(granted.body.accessToken, bytes)).status, 401)
    const back = await fetch(`${server.url}${file.url}`, {
      headers: { authorization: `Bearer ${agent.token}` },
    })
    assert.equal(await back.text(), bytes.toString())
    const { accessToken: stranger } = await server.login('elena@demo.test')
    assert.equal(
      (
        await server.http('POST', '/files/authorization', {
          token: stranger,
          body: { size: 1, crc32: 1, extension: 'txt', type: 'text/plain', call: call.id },
        })
      ).status,
      403,
    )
  })

  it('creates, lists, reads, patches and deletes recordings', async () => {
    const segment = await server.createSegment('Recordings')
    const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
    const customer = await server.customer()
    await queueCustomer(customer, segment)
    const call = await answer(agent.client)
    const token = agent.token
    const created = await server.http<Recording>('POST', '/recordings', {
      token,
      body: { callId: call.id, type: 'cloud' },
    })
    assert.equal(created.status, 201)
    const listed = await server.http<Paged<Recording>>(
      'GET',
      `/recordings${encodeListQuery({ $sort: { createdAt: -1 } })}`,
      { token },
    )
    assert.equal(listed.body.total, 1)
    const patched = await server.http<Recording>('PATCH', `/recordings/${created.body.id}`, {
      token,
      body: { name: 'Order 42' },
    })
    assert.deepEqual([patched.body.name, patched.body.status], ['Order 42', 'pending'])
    // Approving is a supervisor's (recordings.test.ts): the agent who recorded it may not.
    const review = await server.http('PATCH', `/recordings/${created.body.id}`, {
      token,
      body: { status: 'approved' },
    })
    assert.equal(review.status, 403)
    assert.deepEqual((await server.http('DELETE', `/recordings/${created.body.id}`, { token })).body, {
      ok: true,
    })
    const gone = await server.http<{ message: string }>('GET', `/recordings/${created.body.id}`, { token })
    assert.deepEqual([gone.status, gone.body.message], [404, 'Recording not found'])
    await server.db.query('UPDATE users SET recordings_access = false WHERE id = $1', [agent.userId])
    const forbidden = await server.http<{ message: string }>('GET', '/recordings', { token })
    assert.deepEqual([forbidden.status, forbidden.body.message], [403, "You haven't access to recordings"])
  })

  it('gives external-app SSO tokens and personal links', async () => {
    const { accessToken: token } = await server.login('ana@demo.test')
    const sso = await server.http<{ ssoToken: string }>('GET', '/external-apps/feedback/sso', { token })
    assert.equal(sso.status, 200)
    assert.ok(sso.body.ssoToken.split('.').length === 3)
    assert.equal((await server.http('GET', '/external-apps/unknown/sso', { token })).status, 404)
    const link = await server.http<{ link: { url: string } }>('POST', '/personal-link', { token, body: {} })
    assert.match(link.body.link.url, /\/customer\.html\?link=[A-Za-z0-9_-]{24}$/)
  })
})
