import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import CRC32 from 'crc-32'
import {
  MAX_UPLOAD_BYTES,
  type PendingAuthorizations,
  type SavedFile,
  type SavedFiles,
} from '../../src/protocol'
import { hashPassword } from '../../server/auth/passwords'
import { newId } from '../../server/store/ids'
import { insertUser } from '../../server/store/seed'
import { DEMO_PASSWORD, SEED } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'
import { TEST_PASSWORD_COST } from './support/prepared-database'
import { answer, queueCustomer } from './support/call-flow'
import { insertAppointment } from './support/appointments'

let server: TestServer
before(async () => {
  server = await TestServer.start()
})
after(() => server.close())

const crc = (bytes: Uint8Array) => CRC32.buf(bytes) >>> 0

/** A call between a new agent and a customer; the agent's token and the call id. */
async function callWithAgent() {
  const segment = await server.createSegment(`Files ${newId().slice(-6)}`)
  const email = await server.createAgent([segment])
  const agent = await server.agent(email, { status: 'available' })
  const customer = await server.customer()
  await queueCustomer(customer, segment)
  const call = await answer(agent.client)
  await customer.next('call:joined')
  return { token: agent.token, callId: call.id, userId: agent.userId, segment, agent, customer }
}

async function authorize(token: string, body: Record<string, unknown>) {
  return server.http<{ accessToken: string; expiresAt: string; code?: number; message?: string }>(
    'POST',
    '/files/authorization',
    { token, body },
  )
}

async function upload(fileToken: string, bytes: Uint8Array) {
  const response = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fileToken}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as SavedFile & { message?: string },
  }
}

async function download(token: string, url: string) {
  const response = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

/** An agent of a brand-new account (another company on the same server). */
async function otherAccountAgent(): Promise<string> {
  const accountId = newId()
  await server.db.query(
    `INSERT INTO accounts (id, name, subscription_expires_at, ip_allow_list, dashboard_url, settings, widget_forms)
     SELECT $1, 'Other Co', NULL, NULL, dashboard_url, settings, widget_forms FROM accounts WHERE id = $2`,
    [accountId, SEED.account],
  )
  const email = `other-${accountId}@other.test`
  await insertUser(server.db, {
    id: newId(),
    accountId,
    email,
    firstname: 'Otto',
    lastname: 'Other',
    level: 5,
    passwordHash: await hashPassword(DEMO_PASSWORD, TEST_PASSWORD_COST),
  })
  return (await server.login(email)).accessToken
}

const pngBytes = () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(20_000)])

describe('files saved with a call', () => {
  it('authorizes, stores the bytes on disk against the call (size and CRC-32 checked), and serves them back safely', async () => {
    const { token, callId, userId } = await callWithAgent()
    const bytes = pngBytes()
    const granted = await authorize(token, {
      size: bytes.length,
      crc32: crc(bytes),
      extension: 'png',
      type: 'image/png',
      name: 'photo\u202Egnp.exe.png',
      call: callId,
    })
    assert.equal(granted.status, 200)
    const stored = await upload(granted.body.accessToken, bytes)
    assert.equal(stored.status, 201)
    assert.equal(stored.body.size, bytes.length)
    assert.equal(stored.body.crc32, crc(bytes))
    assert.equal(stored.body.type, 'image/png')
    assert.equal(stored.body.name, 'photognp.exe.png')
    assert.equal(stored.body.call, callId)
    assert.equal(stored.body.userId, userId)

    // On disk under the data folder, in the call's directory, the very same bytes.
    const onDisk = await readFile(join(server.app.context.files.root, callId, stored.body.id))
    assert.equal(crc(onDisk), crc(bytes))

    const served = await download(token, stored.body.url)
    assert.equal(served.status, 200)
    assert.equal(crc(served.bytes), crc(bytes))
    assert.equal(served.headers.get('content-type'), 'image/png')
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff')
    assert.match(
      served.headers.get('content-disposition') ?? '',
      /^attachment; filename="photognp\.exe\.png"/,
    )
    assert.match(served.headers.get('content-security-policy') ?? '', /^sandbox; default-src 'none'/)

    // Listed on the call's record.
    const listed = await server.http<SavedFiles>('GET', `/files?call=${callId}`, { token })
    assert.deepEqual(
      listed.body.data.map((file) => [file.id, file.name, file.crc32]),
      [[stored.body.id, 'photognp.exe.png', crc(bytes)]],
    )
    const record = await server.http<{ files: SavedFile[] }>('GET', `/dev/calls/${callId}`)
    assert.deepEqual(
      record.body.files.map((file) => file.id),
      [stored.body.id],
    )
  })

  it('refuses an upload whose CRC-32 or size differ from the authorization, and a token used twice', async () => {
    const { token, callId } = await callWithAgent()
    const bytes = pngBytes()
    const claim = { size: bytes.length, crc32: crc(bytes), extension: 'png', type: 'image/png', call: callId }

    const damaged = Buffer.from(bytes)
    damaged[100] = (damaged[100] ?? 0) ^ 0xff
    const crcMismatch = await upload((await authorize(token, claim)).body.accessToken, damaged)
    assert.equal(crcMismatch.status, 400)
    assert.match(crcMismatch.body.message ?? '', /CRC-32 mismatch/)

    const shorter = await upload((await authorize(token, claim)).body.accessToken, bytes.subarray(0, 1000))
    assert.equal(shorter.status, 400)
    const longer = await upload(
      (await authorize(token, claim)).body.accessToken,
      Buffer.concat([bytes, Buffer.from('extra')]),
    )
    assert.equal(longer.status, 400)

    const fileToken = (await authorize(token, claim)).body.accessToken
    assert.equal((await upload(fileToken, bytes)).status, 201)
    assert.equal((await upload(fileToken, bytes)).status, 401)
    // Nothing of the refused uploads was kept: only the one good file.
    const listed = await server.http<SavedFiles>('GET', `/files?call=${callId}`, { token })
    assert.equal(listed.body.data.length, 1)
  })

  it('refuses types outside the allow-list, a wrong extension, and a size over the limit', async () => {
    const { token, callId } = await callWithAgent()
    const base = { size: 10, crc32: 1, call: callId }
    for (const [type, extension] of [
      ['text/html', 'html'],
      ['image/svg+xml', 'svg'],
      ['application/xml', 'xml'],
      ['application/octet-stream', 'bin'],
      ['application/x-msdownload', 'exe'],
      ['text/javascript', 'js'],
    ] as const) {
      const refused = await authorize(token, { ...base, type, extension })
      assert.equal(refused.status, 415, `${type} was not refused`)
    }
    assert.equal((await authorize(token, { ...base, type: 'image/png', extension: 'html' })).status, 400)
    const tooLarge = await authorize(token, {
      ...base,
      size: MAX_UPLOAD_BYTES + 1,
      type: 'application/pdf',
      extension: 'pdf',
    })
    assert.equal(tooLarge.status, 413)
    assert.equal((await authorize(token, { ...base, type: 'application/pdf', extension: 'pdf' })).status, 200)
  })

  it('refuses a call the agent was not in, and a call of another account', async () => {
    const { callId } = await callWithAgent()
    const colleague = await server.login('bruno@demo.test')
    const claim = { size: 10, crc32: 1, extension: 'pdf', type: 'application/pdf', call: callId }
    assert.equal((await authorize(colleague.accessToken, claim)).status, 403)
    assert.equal((await authorize(await otherAccountAgent(), claim)).status, 403)
    assert.equal((await authorize(colleague.accessToken, { ...claim, call: newId() })).status, 403)
    const listed = await server.http('GET', `/files?call=${callId}`, { token: colleague.accessToken })
    assert.equal(listed.status, 403)
  })

  it('saves against an appointment for its agent only', async () => {
    const ana = await server.login('ana@demo.test')
    const [appointment] = await server.db.query<{ id: string }>(
      "SELECT a.id FROM appointments a JOIN users u ON u.id = a.user_id WHERE u.email = 'ana@demo.test' LIMIT 1",
    )
    assert.ok(appointment)
    const bytes = Buffer.from('%PDF-1.7 minutes of the meeting')
    const claim = {
      size: bytes.length,
      crc32: crc(bytes),
      extension: 'pdf',
      type: 'application/pdf',
      appointment: appointment.id,
    }
    const bruno = await server.login('bruno@demo.test')
    assert.equal((await authorize(bruno.accessToken, claim)).status, 403)
    const stored = await upload((await authorize(ana.accessToken, claim)).body.accessToken, bytes)
    assert.equal(stored.status, 201)
    assert.equal(stored.body.appointment, appointment.id)
    assert.equal(stored.body.call, null)
    assert.equal((await download(ana.accessToken, stored.body.url)).status, 200)
    assert.equal((await download(bruno.accessToken, stored.body.url)).status, 404)
  })
})

describe('beamport and capture events', () => {
  it('opens a channel for both sides on beamport:open, from either side', async () => {
    const { agent, customer } = await callWithAgent()
    assert.ok((await agent.client.request('beamport:open', { channel: 'files' })).ok)
    assert.deepEqual(await agent.client.next('beamport:create'), { channel: 'files' })
    assert.deepEqual(await customer.next('beamport:create'), { channel: 'files' })
    assert.ok((await customer.request('beamport:open', { channel: 'capture' })).ok)
    assert.deepEqual(await agent.client.next('beamport:create'), { channel: 'capture' })
    assert.deepEqual(await customer.next('beamport:create'), { channel: 'capture' })
  })

  it('asks the customer for a capture, naming the agent who asked', async () => {
    const { agent, customer, userId } = await callWithAgent()
    assert.ok((await agent.client.request('capture:shot', {})).ok)
    assert.deepEqual(await customer.next('capture:shot'), { from: `agent:${userId}` })
  })

  it('works in a meeting: the admitted customer gets the channel and the capture request', async () => {
    const agent = await server.agent(await server.createAgent([]), { status: 'available' })
    const meeting = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
    assert.ok((await agent.client.request('meeting:join', { appointment: meeting.id })).ok)
    const guest = await server.customer()
    assert.ok((await guest.request('meeting:join', { code: meeting.code, name: 'Marta' })).ok)
    const pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    const sessionId = pending.data[0]?.sessionId as string
    assert.ok((await agent.client.request('meeting:accept', { sessionId })).ok)
    await guest.next('meeting:accepted')

    assert.ok((await agent.client.request('beamport:open', { channel: 'capture' })).ok)
    assert.deepEqual(await agent.client.next('beamport:create'), { channel: 'capture' })
    assert.deepEqual(await guest.next('beamport:create'), { channel: 'capture' })
    assert.ok((await guest.request('beamport:open', { channel: 'files' })).ok)
    assert.deepEqual(await agent.client.next('beamport:create'), { channel: 'files' })
    assert.deepEqual(await guest.next('beamport:create'), { channel: 'files' })
    assert.ok((await agent.client.request('capture:shot', {})).ok)
    assert.deepEqual(await guest.next('capture:shot'), { from: `agent:${agent.userId}` })
  })

  it('works for an invited agent: channels for everyone, captures named after the guest, files saved with the call', async () => {
    const { agent: owner, customer, callId } = await callWithAgent()
    const guest = await server.agent(await server.createAgent([], { firstname: 'Guest' }), {
      status: 'available',
    })
    owner.client.emit('call:invite:agent', { agent: guest.userId })
    await guest.client.next('invited')
    await answer(guest.client, callId)
    await customer.next('peer:join')

    assert.ok((await guest.client.request('beamport:open', { channel: 'files' })).ok)
    assert.deepEqual(await guest.client.next('beamport:create'), { channel: 'files' })
    assert.deepEqual(await owner.client.next('beamport:create'), { channel: 'files' })
    assert.deepEqual(await customer.next('beamport:create'), { channel: 'files' })

    assert.ok((await guest.client.request('capture:shot', {})).ok)
    assert.deepEqual(await customer.next('capture:shot'), { from: `agent:${guest.userId}` })

    const bytes = pngBytes()
    const claim = { size: bytes.length, crc32: crc(bytes), extension: 'png', type: 'image/png', call: callId }
    const granted = await authorize(guest.token, claim)
    assert.equal(granted.status, 200)
    const stored = await upload(granted.body.accessToken, bytes)
    assert.equal(stored.status, 201)
    assert.equal(stored.body.userId, guest.userId)
    // The owner sees it on the call's record too.
    const listed = await server.http<SavedFiles>('GET', `/files?call=${callId}`, { token: owner.token })
    assert.deepEqual(
      listed.body.data.map((file) => [file.id, file.crc32]),
      [[stored.body.id, crc(bytes)]],
    )
  })
})

describe('issue 16 "Files": a stored file is never served as the uploader typed it, nor outside the call', () => {
  it('serves a file stored as text/html as plain bytes, to the call participants only', async () => {
    const { token, callId, userId } = await callWithAgent()
    // A row as the earlier server stored it: the uploader's type (text/html), bytes in the database.
    const id = newId()
    const html = Buffer.from('<script>document.title = "pwned"</script>')
    await server.db.query(
      `INSERT INTO files (id, account_id, user_id, call_id, appointment_id, name, type, size, crc32, data, created_at)
       VALUES ($1, $2, $3, $4, NULL, 'page.html', 'text/html', $5, $6, $7, now())`,
      [id, SEED.account, userId, callId, html.length, crc(html), html],
    )
    const mine = await download(token, `/api/files/${id}`)
    assert.equal(mine.status, 200)
    assert.equal(mine.headers.get('content-type'), 'application/octet-stream')
    assert.equal(mine.headers.get('x-content-type-options'), 'nosniff')
    assert.match(mine.headers.get('content-disposition') ?? '', /^attachment;/)
    assert.match(mine.headers.get('content-security-policy') ?? '', /sandbox/)
    assert.equal(crc(mine.bytes), crc(html))

    // A colleague of the same account who was not in the call, and an agent of another account: nothing.
    const colleague = await server.login('bruno@demo.test')
    assert.equal((await download(colleague.accessToken, `/api/files/${id}`)).status, 404)
    assert.equal((await download(await otherAccountAgent(), `/api/files/${id}`)).status, 404)
  })

  it('no longer accepts text/html for saving at all', async () => {
    const { token, callId } = await callWithAgent()
    const html = Buffer.from('<h1>hi</h1>')
    const refused = await authorize(token, {
      size: html.length,
      crc32: crc(html),
      extension: 'html',
      type: 'text/html',
      call: callId,
    })
    assert.equal(refused.status, 415)
  })
})
