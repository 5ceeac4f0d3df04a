import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { Decoder } from 'ts-ebml'
import type { Paged, Recording, RecorderFinishAck } from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { newId } from '../../server/store/ids'
import { openRecordingUpload } from '../../src/services/recording-upload'
import { TestServer } from './support/test-server'
import {
  MEDIA,
  MIME,
  agentInCall,
  parts,
  recorderSocket,
  recordingReaches,
  setRecorder,
  startRecording,
} from './support/recording-flow'

let server: TestServer
before(async () => {
  server = await TestServer.start()
  await setRecorder(server, { type: 'cloud', enabled: true })
})
after(() => server.close())

type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: number; message: string } }

/** The EBML element names of a file's head (up to the first cluster). */
function headElements(bytes: Uint8Array): string[] {
  const names: string[] = []
  for (const element of new Decoder().decode(bytes as unknown as ArrayBuffer)) {
    if (element.name === 'Cluster') break
    names.push(element.name)
  }
  return names
}

/** Uploads `MEDIA` in parts on a raw recorder socket and finishes. */
async function uploadAll(auth: Record<string, unknown>, size = 4096) {
  const socket = recorderSocket(server, auth)
  await socket.connected()
  const pieces = parts(MEDIA, size)
  for (const [seq, data] of pieces.entries()) {
    const reply = (await socket.request('chunk', { seq, data })) as Ack<{ seq: number; size: number }>
    assert.ok(reply.ok, JSON.stringify(reply))
  }
  const finished = (await socket.request('finish', { chunks: pieces.length })) as Ack<RecorderFinishAck>
  socket.close()
  return finished
}

describe('the cloud recorder', () => {
  it('refuses a handshake without the call’s recording token, for another call, or a local recording', async () => {
    const first = await agentInCall(server)
    const id = await startRecording(first.agent.client)
    const refusal = async (auth: Record<string, unknown>) => {
      const socket = recorderSocket(server, auth)
      try {
        await socket.connected()
        return null
      } catch (error) {
        return { message: (error as Error).message, code: (error as { data?: { code: number } }).data?.code }
      } finally {
        socket.close()
      }
    }
    assert.deepEqual(await refusal({ recordingId: id, mime: MIME }), {
      message: 'auth.token, auth.recordingId and auth.mime are required',
      code: 400,
    })
    assert.equal((await refusal({ token: 'forged.token.here', recordingId: id, mime: MIME }))?.code, 401)
    // The access token is a token of another use.
    assert.equal((await refusal({ token: first.agent.token, recordingId: id, mime: MIME }))?.code, 401)
    const second = await agentInCall(server)
    assert.deepEqual(await refusal({ token: second.call.recordingToken, recordingId: id, mime: MIME }), {
      message: 'Recording not found',
      code: 404,
    })
    const local = await startRecording(second.agent.client, 'local')
    assert.equal(
      (await refusal({ token: second.call.recordingToken, recordingId: local, mime: MIME }))?.code,
      409,
    )
    assert.equal(await refusal({ token: first.call.recordingToken, recordingId: id, mime: MIME }), null)
  })

  it('stores chunks in order: a chunk ahead of its turn is refused, one sent again is not stored twice', async () => {
    const { agent, call } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const socket = recorderSocket(server, { token: call.recordingToken, recordingId: id, mime: MIME })
    await socket.connected()
    const [a, b, c] = parts(MEDIA, 10_000) as [Uint8Array, Uint8Array, Uint8Array]
    const ack = (seq: number, data: Uint8Array) =>
      socket.request('chunk', { seq, data }) as Promise<Ack<{ seq: number; size: number }>>
    assert.deepEqual(await ack(0, a), { ok: true, data: { seq: 0, size: a.byteLength } })
    const ahead = await ack(2, c)
    assert.equal(ahead.ok, false)
    if (!ahead.ok) assert.equal(ahead.error.message, 'Chunk 2 came before chunk 1')
    assert.deepEqual(await ack(0, a), { ok: true, data: { seq: 0, size: a.byteLength } })
    assert.deepEqual(await ack(1, b), { ok: true, data: { seq: 1, size: a.byteLength + b.byteLength } })
    assert.deepEqual(await ack(2, c), { ok: true, data: { seq: 2, size: MEDIA.byteLength } })
    const missing = (await socket.request('finish', { chunks: 4 })) as Ack<unknown>
    assert.equal(missing.ok, false)
    const finished = (await socket.request('finish', { chunks: 3 })) as Ack<RecorderFinishAck>
    assert.deepEqual(finished, {
      ok: true,
      data: { recordingId: id, status: 'processing', size: MEDIA.byteLength },
    })
    socket.close()
    await recordingReaches(server, agent.token, id, 'pending')
  })

  it('moves a recording through recording → processing → pending, seekable, with its duration, customer and segment', async () => {
    const { agent, call } = await agentInCall(server, 'Rita Recorded')
    const id = await startRecording(agent.client)
    const open = await server.http<Recording>('GET', `/recordings/${id}`, { token: agent.token })
    assert.equal(open.body.status, 'recording')
    assert.equal(open.body.mediaUrl, null)
    const stopped = await agent.client.request('recording', { action: 'stop' })
    assert.deepEqual(stopped, { ok: true, data: { recordingId: id, status: 'processing' } })
    const finished = await uploadAll({ token: call.recordingToken, recordingId: id, mime: MIME })
    assert.ok(finished.ok)
    const done = await recordingReaches(server, agent.token, id, 'pending')
    assert.equal(done.customer, 'Rita Recorded')
    assert.equal(done.segment?.id, call.segment.id)
    assert.equal(done.mime, MIME)
    assert.ok(Math.abs((done.duration ?? 0) - 3.5) < 0.1, `duration ${done.duration}`)
    const file = server.app.context.storage.recordingFile(SEED.account, id)
    const stored = readFileSync(file)
    assert.equal(done.size, stored.byteLength)
    assert.ok(headElements(MEDIA).includes('Duration') === false, 'the fixture has no duration')
    const head = headElements(stored)
    assert.ok(head.includes('Duration') && head.includes('Cues') && head.includes('SeekHead'), head.join(','))
    // The media after the head is what was uploaded, untouched.
    assert.ok(stored.subarray(stored.byteLength - 1000).equals(MEDIA.subarray(MEDIA.byteLength - 1000)))
  })

  it('finalises an upload left silent with no socket (the tab closed) once the grace is over', async () => {
    const { agent, call } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const socket = recorderSocket(server, { token: call.recordingToken, recordingId: id, mime: MIME })
    await socket.connected()
    for (const [seq, data] of parts(MEDIA, 8192).entries()) await socket.request('chunk', { seq, data })
    socket.close()
    const { recorderGraceMs, recordingsHousekeepingMs } = server.app.context.timers
    await server.advance(recorderGraceMs - recordingsHousekeepingMs)
    const open = await server.http<Recording>('GET', `/recordings/${id}`, { token: agent.token })
    assert.equal(open.body.status, 'recording')
    // The first round of housekeeping past the grace finalises it with what it stored.
    await server.advance(2 * recordingsHousekeepingMs)
    const done = await recordingReaches(server, agent.token, id, 'pending')
    assert.ok(Math.abs((done.duration ?? 0) - 3.5) < 0.1, `duration ${done.duration}`)
  })

  it('fails a recording whose upload is not a WebM', async () => {
    const { agent, call } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const socket = recorderSocket(server, { token: call.recordingToken, recordingId: id, mime: MIME })
    await socket.connected()
    await socket.request('chunk', { seq: 0, data: Buffer.from('not a webm at all') })
    await socket.request('finish', { chunks: 1 })
    socket.close()
    const failed = await recordingReaches(server, agent.token, id, 'failed')
    assert.equal(failed.mediaUrl, null)
  })

  it('keeps the call’s chunks through a dropped link: the upload sends again what was not acknowledged', async () => {
    const { agent, call } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const states: string[] = []
    const upload = openRecordingUpload({
      url: server.url,
      path: '/ws',
      token: call.recordingToken,
      recordingId: id,
      mime: MIME,
      ackTimeoutMs: 5_000,
      retryDelaysMs: [50],
      onState: (state) => states.push(state),
    })
    const pieces = parts(MEDIA, 3000)
    const half = Math.floor(pieces.length / 2)
    for (const piece of pieces.slice(0, half)) upload.send(piece)
    // The server drops the upload's socket while parts are on their way; more media comes meanwhile.
    await new Promise<void>((resolve) => {
      const wait = () => (states.includes('online') ? resolve() : setImmediate(wait))
      wait()
    })
    server.app.context.recorder.in(`recording:${id}`).disconnectSockets(true)
    for (const piece of pieces.slice(half)) upload.send(piece)
    const finished = await upload.finish(10_000)
    assert.deepEqual(finished, { recordingId: id, status: 'processing', size: MEDIA.byteLength })
    assert.ok(states.includes('reconnecting'), states.join(','))
    assert.deepEqual(upload.progress(), {
      produced: MEDIA.byteLength,
      acknowledged: MEDIA.byteLength,
      pending: 0,
    })
    await recordingReaches(server, agent.token, id, 'pending')
    const stored = readFileSync(server.app.context.storage.recordingFile(SEED.account, id))
    // The clusters (past the head, which finalising rewrote) are the media, once and in order.
    assert.ok(stored.subarray(stored.byteLength - MEDIA.byteLength + 2000).equals(MEDIA.subarray(2000)))
  })

  it('tells the customer the recording status the agent sends (exchange:customer)', async () => {
    const { agent, customer } = await agentInCall(server)
    await agent.client.request('exchange:customer', { event: 'recording:status', data: true })
    assert.deepEqual(await customer.next('exchange'), { event: 'recording:status', data: true })
    await agent.client.request('exchange:customer', { event: 'recording:status', data: false })
    assert.deepEqual(await customer.next('exchange'), { event: 'recording:status', data: false })
  })

  it('stores a local recording as pending with what the downloaded file holds', async () => {
    const { agent } = await agentInCall(server)
    const id = await startRecording(agent.client, 'local')
    assert.deepEqual(await agent.client.request('recording', { action: 'pause' }), {
      ok: true,
      data: { recordingId: id, status: 'paused' },
    })
    const stop = await agent.client.request('recording', {
      action: 'stop',
      duration: 12.5,
      size: 4321,
      mime: MIME,
    })
    assert.deepEqual(stop, { ok: true, data: { recordingId: id, status: 'pending' } })
    const { body } = await server.http<Recording>('GET', `/recordings/${id}`, { token: agent.token })
    assert.equal(body.type, 'local')
    assert.equal(body.duration, 12.5)
    assert.equal(body.size, 4321)
    assert.equal(body.mediaUrl, null)
  })
})

describe('recordings over HTTP', () => {
  async function storedRecording() {
    const flow = await agentInCall(server)
    const id = await startRecording(flow.agent.client)
    await uploadAll({ token: flow.call.recordingToken, recordingId: id, mime: MIME })
    await recordingReaches(server, flow.agent.token, id, 'pending')
    return { ...flow, id }
  }

  it('streams the media with Range requests, only with the link’s token', async () => {
    const { agent, id } = await storedRecording()
    const { body } = await server.http<Recording>('GET', `/recordings/${id}`, { token: agent.token })
    assert.ok(body.mediaUrl?.startsWith(`/recordings/${id}/media?token=`))
    const url = `${server.url}/api${body.mediaUrl}`
    const stored = readFileSync(server.app.context.storage.recordingFile(SEED.account, id))
    const whole = await fetch(url)
    assert.equal(whole.status, 200)
    assert.equal(whole.headers.get('accept-ranges'), 'bytes')
    assert.equal(whole.headers.get('content-type'), 'video/webm')
    assert.ok(Buffer.from(await whole.arrayBuffer()).equals(stored))
    const middle = await fetch(url, { headers: { range: 'bytes=1000-1999' } })
    assert.equal(middle.status, 206)
    assert.equal(middle.headers.get('content-range'), `bytes 1000-1999/${stored.byteLength}`)
    assert.ok(Buffer.from(await middle.arrayBuffer()).equals(stored.subarray(1000, 2000)))
    const tail = await fetch(url, { headers: { range: 'bytes=-100' } })
    assert.equal(tail.status, 206)
    assert.ok(Buffer.from(await tail.arrayBuffer()).equals(stored.subarray(stored.byteLength - 100)))
    const beyond = await fetch(url, { headers: { range: `bytes=${stored.byteLength + 10}-` } })
    assert.equal(beyond.status, 416)
    const download = await fetch(`${url}&download=1`)
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="recording-/)
    await download.arrayBuffer()
    assert.equal((await fetch(`${server.url}/api/recordings/${id}/media`)).status, 401)
    assert.equal((await fetch(`${server.url}/api/recordings/${id}/media?token=${agent.token}`)).status, 401)
  })

  it('never shows a recording to another agent or another account (404); a supervisor of the account reviews it', async () => {
    const { agent, id } = await storedRecording()
    const other = await server.agent(await server.createAgent([]))
    for (const [method, body] of [['GET'], ['PATCH', { name: 'mine now' }], ['DELETE']] as const) {
      const reply = await server.http(method, `/recordings/${id}`, {
        token: other.token,
        ...(body ? { body } : {}),
      })
      assert.equal(reply.status, 404, `${method} by another agent`)
    }
    const list = await server.http<Paged<Recording>>('GET', '/recordings?$limit=100', { token: other.token })
    assert.ok(!list.body.data.some((recording) => recording.id === id))
    // A supervisor of another account.
    const account = newId()
    await server.db.query(
      `INSERT INTO accounts (id, name, dashboard_url, settings)
       SELECT $2, 'Other', dashboard_url, settings FROM accounts WHERE id = $1`,
      [SEED.account, account],
    )
    const foreignEmail = await server.createAgent([], { level: 4 })
    await server.db.query('UPDATE users SET account_id = $2 WHERE email = $1', [foreignEmail, account])
    const foreign = await server.login(foreignEmail)
    assert.equal((await server.http('GET', `/recordings/${id}`, { token: foreign.accessToken })).status, 404)
    const foreignReview = await server.http('PATCH', `/recordings/${id}`, {
      token: foreign.accessToken,
      body: { status: 'approved' },
    })
    assert.equal(foreignReview.status, 404)
    // The agent cannot approve their own recording; the supervisor of the account can.
    const self = await server.http('PATCH', `/recordings/${id}`, {
      token: agent.token,
      body: { status: 'approved' },
    })
    assert.equal(self.status, 403)
    const supervisor = await server.login('supervisor@demo.test')
    const approved = await server.http<Recording>('PATCH', `/recordings/${id}`, {
      token: supervisor.accessToken,
      body: { status: 'approved' },
    })
    assert.equal(approved.status, 200)
    assert.equal(approved.body.status, 'approved')
    const rejected = await server.http<Recording>('PATCH', `/recordings/${id}`, {
      token: supervisor.accessToken,
      body: { status: 'rejected' },
    })
    assert.equal(rejected.body.status, 'rejected')
    const bogus = await server.http('PATCH', `/recordings/${id}`, {
      token: supervisor.accessToken,
      body: { status: 'recording' },
    })
    assert.equal(bogus.status, 400)
  })

  it('cannot review or delete a recording still being recorded', async () => {
    const { agent } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const supervisor = await server.login('supervisor@demo.test')
    const review = await server.http('PATCH', `/recordings/${id}`, {
      token: supervisor.accessToken,
      body: { status: 'approved' },
    })
    assert.equal(review.status, 409)
    assert.equal((await server.http('DELETE', `/recordings/${id}`, { token: agent.token })).status, 409)
  })

  it('lists with the queries of §7 (status $in, date range, sort, page) and deletes several one by one', async () => {
    const flows = [await storedRecording(), await storedRecording(), await storedRecording()]
    const agent = flows[0]!.agent
    // Three recordings of one agent: move the other two to the first agent for the list.
    for (const flow of flows.slice(1))
      await server.db.query('UPDATE recordings SET user_id = $2 WHERE id = $1', [flow.id, agent.userId])
    const ids = flows.map((flow) => flow.id)
    // The server's clock stands still: one second apart, in the order they were made, for the sort.
    const now = server.clock.now()
    for (const [index, id] of ids.entries())
      await server.db.query('UPDATE recordings SET started_at = $2 WHERE id = $1', [
        id,
        new Date(now - (ids.length - index) * 1000),
      ])
    const since = new Date(now - 60_000).toISOString()
    const query = `?$limit=2&$skip=0&$sort[startedAt]=1&status[$in][0]=pending&startedAt[$gte]=${since}`
    const page1 = await server.http<Paged<Recording>>('GET', `/recordings${query}`, { token: agent.token })
    assert.equal(page1.status, 200)
    assert.equal(page1.body.total, 3)
    assert.deepEqual(
      page1.body.data.map((r) => r.id),
      ids.slice(0, 2),
    )
    assert.equal(page1.body.sortField, 'startedAt')
    const none = await server.http<Paged<Recording>>('GET', '/recordings?status[$in][0]=approved', {
      token: agent.token,
    })
    assert.equal(none.body.total, 0)
    const badDate = await server.http('GET', '/recordings?startedAt[$gte]=yesterday', { token: agent.token })
    assert.equal(badDate.status, 400)
    const before = await server.http<Paged<Recording>>('GET', `/recordings?startedAt[$lt]=${since}`, {
      token: agent.token,
    })
    assert.equal(before.body.total, 0)
    // Ranges are for numbers and dates: a text field refuses them; no recording is a year long.
    const byName = await server.http('GET', '/recordings?name[$gt]=a', { token: agent.token })
    assert.equal(byName.status, 400)
    const yearLong = await server.http<Paged<Recording>>('GET', '/recordings?duration[$gt]=31536000', {
      token: agent.token,
    })
    assert.equal(yearLong.status, 200)
    assert.equal(yearLong.body.total, 0)
    for (const id of ids) {
      const file = server.app.context.storage.recordingFile(SEED.account, id)
      assert.ok(existsSync(file))
      assert.equal((await server.http('DELETE', `/recordings/${id}`, { token: agent.token })).status, 200)
      assert.equal(existsSync(file), false)
      assert.equal((await server.http('GET', `/recordings/${id}`, { token: agent.token })).status, 404)
    }
    const after = await server.http<Paged<Recording>>('GET', '/recordings', { token: agent.token })
    assert.equal(after.body.total, 0)
  })

  it('answers 403 "You haven\'t access to recordings" without recordings access', async () => {
    const email = await server.createAgent([])
    await server.db.query('UPDATE users SET recordings_access = false WHERE email = $1', [email])
    const { token } = await server.agent(email)
    const reply = await server.http<{ message: string }>('GET', '/recordings', { token })
    assert.equal(reply.status, 403)
    assert.equal(reply.body.message, "You haven't access to recordings")
  })
})
