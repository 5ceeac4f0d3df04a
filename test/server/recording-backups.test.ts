import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import yauzl from 'yauzl'
import {
  BACKUP_KEEP_MS,
  type Recording,
  type RecordingBackup,
  type RecordingBackupsResponse,
} from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
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

/** Housekeeping every 6 hours: a week on the test clock is 28 rounds, not 10,080. */
const HOUSEKEEPING_MS = 6 * 3_600_000
let server: TestServer
before(async () => {
  // The process heartbeat (every third of the node TTL) daily, not every 10 s, for the same reason.
  server = await TestServer.start({
    timers: { recordingsHousekeepingMs: HOUSEKEEPING_MS, nodeTtlMs: 3 * 24 * 3_600_000 },
  })
  await setRecorder(server, { type: 'cloud', enabled: true })
})
after(() => server.close())

/** The entries of a zip: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      const entries = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failure, stream) => {
          if (failure || !stream) return reject(failure ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

async function stored(flow: Awaited<ReturnType<typeof agentInCall>>): Promise<string> {
  const id = await startRecording(flow.agent.client)
  const socket = recorderSocket(server, { token: flow.call.recordingToken, recordingId: id, mime: MIME })
  await socket.connected()
  const pieces = parts(MEDIA, 8192)
  for (const [seq, data] of pieces.entries()) await socket.request('chunk', { seq, data })
  await socket.request('finish', { chunks: pieces.length })
  socket.close()
  await recordingReaches(server, flow.agent.token, id, 'pending')
  return id
}

async function backupReaches(token: string, id: string, status: RecordingBackup['status']) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const { body } = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', { token })
    const found = body.data.find((backup) => backup.id === id)
    if (found?.status === status) return found
    if (Date.now() > deadline) throw new Error(`backup ${id} is ${found?.status}, not ${status}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('recordings backups', () => {
  it('zips the agent’s recordings of a date range with an index, downloadable for 7 days, then removed', async () => {
    const flow = await agentInCall(server, 'Bea Backup')
    const first = await stored(flow)
    await flow.agent.client.request('hangup', {})
    // A recording of the same agent outside the range, and one of another agent inside it.
    await server.db.query(
      "UPDATE recordings SET started_at = started_at - interval '40 days' WHERE id = $1",
      [first],
    )
    const second = await stored(await agentInCall(server, 'Bea Backup'))
    await server.db.query('UPDATE recordings SET user_id = $2 WHERE id = $1', [second, flow.agent.userId])
    const otherAgents = await stored(await agentInCall(server, 'Not Mine'))
    const { token } = flow.agent
    const today = new Date(server.clock.now()).toISOString().slice(0, 10)
    const created = await server.http<RecordingBackup>('POST', '/recording-backups', {
      token,
      body: { from: today, to: today, timezone: 'UTC' },
    })
    assert.equal(created.status, 201)
    assert.ok(['queued', 'building', 'ready'].includes(created.body.status))
    const ready = await backupReaches(token, created.body.id, 'ready')
    assert.equal(ready.count, 1)
    assert.equal(ready.progress, 1)
    assert.equal(ready.expiresAt, new Date(Date.parse(ready.createdAt) + BACKUP_KEEP_MS).toISOString())
    assert.ok(ready.downloadUrl)
    const response = await fetch(`${server.url}/api${ready.downloadUrl}`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'application/zip')
    const zip = Buffer.from(await response.arrayBuffer())
    assert.equal(zip.byteLength, ready.size)
    const entries = await unzip(zip)
    const names = [...entries.keys()].sort()
    assert.equal(names.length, 2)
    assert.ok(names[0]?.endsWith(`_Bea_Backup_${second}.webm`), names.join(','))
    assert.equal(names[1], 'recordings.json')
    const media = readFileSync(server.app.context.storage.recordingFile(SEED.account, second))
    assert.ok(entries.get(names[0] as string)?.equals(media))
    const index = JSON.parse(String(entries.get('recordings.json'))) as (Recording & { file: string })[]
    assert.deepEqual(
      index.map((entry) => [entry.id, entry.file, entry.customer]),
      [[second, names[0], 'Bea Backup']],
    )
    assert.ok(!names.some((name) => name.includes(first) || name.includes(otherAgents)))

    // Not someone else's: another agent neither sees nor downloads it with their own token.
    const other = await server.agent(await server.createAgent([]))
    const theirs = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', {
      token: other.token,
    })
    assert.deepEqual(theirs.body.data, [])
    assert.equal(
      (await fetch(`${server.url}/api/recording-backups/${ready.id}/download?token=${other.token}`)).status,
      401,
    )

    // Six days later it is still there; past seven days the server's housekeeping removes it.
    const zipFile = server.app.context.storage.backupFile(SEED.account, ready.id)
    await server.advance(6 * 24 * 3600_000)
    assert.ok(existsSync(zipFile))
    await server.advance(BACKUP_KEEP_MS - 6 * 24 * 3600_000)
    // One more round of housekeeping, begun past the seven days whatever the last one saw.
    await server.advance(HOUSEKEEPING_MS)
    assert.equal(existsSync(zipFile), false)
    // The agent's access token expired meanwhile: signing in again.
    const login = await server.login(flow.email)
    const list = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', {
      token: login.accessToken,
    })
    assert.deepEqual(list.body.data, [])
    assert.equal((await fetch(`${server.url}/api${ready.downloadUrl}`)).status, 401)
  })

  it('refuses a range that ends before it starts', async () => {
    const agent = await server.agent(await server.createAgent([]))
    const reply = await server.http('POST', '/recording-backups', {
      token: agent.token,
      body: { from: '2026-02-10', to: '2026-02-01' },
    })
    assert.equal(reply.status, 400)
  })
})
