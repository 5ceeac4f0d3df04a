import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Reply, RecordingBackup, RecordingBackupsResponse } from '../../src/protocol'
import { SEED } from '../../server/store/seed-content'
import { BACKUPS_KEPT } from '../../server/recordings/backups'
import { TestServer } from './support/test-server'
import { agentInCall, recorderSocket, setRecorder, startRecording } from './support/recording-flow'

describe('server-side storage quotas', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
    await setRecorder(server, { type: 'cloud', enabled: true, maxBytes: 64 * 1024 })
  })
  after(() => server.close())

  const requestBackup = (token: string) =>
    server.http<RecordingBackup & { code?: number; reason?: string }>('POST', '/recording-backups', {
      token,
      body: { from: '2026-01-01', to: '2026-12-31', timezone: 'UTC' },
    })

  it('makes one backup at a time and keeps a few: 50 requests at once leave at most BACKUPS_KEPT zips', async () => {
    const { token } = await server.agent(await server.createAgent([]))
    const folder = dirname(server.app.context.storage.backupFile(SEED.account, 'x'))
    const zips = () => (existsSync(folder) ? readdirSync(folder).length : 0)
    const before = zips()
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestBackup(token)))
    const made = answers.filter((answer) => answer.status === 201).length
    const refused = answers.filter(
      (answer) => answer.status === 409 && answer.body.reason === 'backup-in-progress',
    ).length
    assert.equal(made + refused, 50, 'each is made or refused because one is in the making')
    assert.ok(refused > 0, 'a burst is not 50 full copies')
    await server.idle()
    const { body } = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', { token })
    assert.ok(body.data.length <= BACKUPS_KEPT, `${body.data.length} kept`)
    assert.ok(zips() - before <= BACKUPS_KEPT, `${zips() - before} zips on disk`)
  })

  it(`keeps ${BACKUPS_KEPT} backups: a new one replaces the oldest, its zip removed`, async () => {
    const { token } = await server.agent(await server.createAgent([]))
    const made: string[] = []
    for (let index = 0; index < 5; index++) {
      const answer = await requestBackup(token)
      assert.equal(answer.status, 201, JSON.stringify(answer.body))
      made.push(answer.body.id)
      await server.idle()
      await server.advance(1000)
    }
    const { body } = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', { token })
    assert.deepEqual(
      body.data.map((backup) => backup.id),
      made.slice(-BACKUPS_KEPT).reverse(),
    )
    for (const gone of made.slice(0, -BACKUPS_KEPT))
      assert.ok(
        !existsSync(server.app.context.storage.backupFile(SEED.account, gone)),
        `zip of ${gone} removed`,
      )
    for (const kept of made.slice(-BACKUPS_KEPT))
      assert.ok(existsSync(server.app.context.storage.backupFile(SEED.account, kept)))
  })

  it("refuses a recorder's bytes past the account's recording limit (413 recording-quota)", async () => {
    const { agent, call } = await agentInCall(server)
    const id = await startRecording(agent.client)
    const socket = recorderSocket(server, { token: call.recordingToken, recordingId: id, mime: 'video/webm' })
    await socket.connected()
    const zeros = new Uint8Array(16 * 1024)
    const replies: Reply<{ seq: number; size: number }>[] = []
    const send = async (seq: number, data: Uint8Array) =>
      replies.push((await socket.request('chunk', { seq, data })) as Reply<{ seq: number; size: number }>)
    for (let seq = 0; seq < 5; seq++) await send(seq, zeros)
    await send(4, new Uint8Array(1))
    assert.deepEqual(
      replies.map((reply) => (reply.ok ? reply.data.size : `${reply.error.code} ${reply.error.reason}`)),
      [16384, 32768, 49152, 65536, '413 recording-quota', '413 recording-quota'],
    )
    const rows = await server.db.query<{ bytes: string }>(
      'SELECT bytes_received AS bytes FROM recordings WHERE id = $1',
      [id],
    )
    assert.equal(Number(rows[0]!.bytes), 64 * 1024, 'nothing past the limit is stored')
    socket.close()
  })
})
