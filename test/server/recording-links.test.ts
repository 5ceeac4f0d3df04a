import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Recording, RecordingBackupsResponse } from '../../src/protocol'
import { newId } from '../../server/store/ids'
import { SEED } from '../../server/store/seed-content'
import { TestServer } from './support/test-server'

describe('recording links live no longer than the session that got them', () => {
  let server: TestServer
  before(async () => {
    server = await TestServer.start()
  })
  after(() => server.close())

  /** A signed-in agent with a stored cloud recording and a ready backup, and their links. */
  async function agentWithLinks() {
    const email = await server.createAgent([])
    const login = await server.login(email)
    const { userId } = (
      await server.db.query<{ userId: string }>('SELECT id AS "userId" FROM users WHERE email = $1', [email])
    )[0]!
    const now = new Date(server.clock.now())
    const recordingId = newId()
    await server.db.query(
      `INSERT INTO recordings (id, account_id, user_id, name, type, status, started_at, created_at, mime)
       VALUES ($1, $2, $3, 'Call', 'cloud', 'pending', $4, $4, 'video/webm')`,
      [recordingId, SEED.account, userId, now],
    )
    const media = server.app.context.storage.recordingFile(SEED.account, recordingId)
    await mkdir(dirname(media), { recursive: true })
    await writeFile(media, Buffer.alloc(1024, 7))
    const backupId = newId()
    await server.db.query(
      `INSERT INTO recording_backups (id, account_id, user_id, range_from, range_to, time_zone, status, count, size,
         created_at, ready_at, expires_at)
       VALUES ($1, $2, $3, '2026-01-01', '2026-01-02', 'UTC', 'ready', 1, 512, $4, $4, $5)`,
      [backupId, SEED.account, userId, now, new Date(now.getTime() + 86_400_000)],
    )
    const zip = server.app.context.storage.backupFile(SEED.account, backupId)
    await mkdir(dirname(zip), { recursive: true })
    await writeFile(zip, Buffer.alloc(512, 1))
    const token = login.accessToken
    const recording = await server.http<Recording>('GET', `/recordings/${recordingId}`, { token })
    const backups = await server.http<RecordingBackupsResponse>('GET', '/recording-backups', { token })
    const links = [recording.body.mediaUrl, backups.body.data[0]?.downloadUrl].map((path) => {
      assert.ok(path, 'both links handed out')
      return `${server.url}/api${path}`
    })
    for (const link of links) assert.equal((await fetch(link)).status, 200, 'the links work at first')
    return { email, userId, login, links }
  }

  const statuses = async (links: string[]) =>
    Promise.all(links.map(async (link) => (await fetch(link)).status))

  it('stop working when the agent logs out', async () => {
    const { login, links } = await agentWithLinks()
    const out = await server.http('POST', '/auth/logout', { body: { refreshToken: login.refreshToken } })
    assert.equal(out.status, 200)
    assert.deepEqual(await statuses(links), [401, 401])
  })

  it('stop working when the agent is locked', async () => {
    const { userId, links } = await agentWithLinks()
    await server.db.query('UPDATE users SET locked = true WHERE id = $1', [userId])
    assert.deepEqual(await statuses(links), [401, 401])
  })

  it('stop working when the agent loses recordings_access', async () => {
    const { userId, links } = await agentWithLinks()
    await server.db.query('UPDATE users SET recordings_access = false WHERE id = $1', [userId])
    assert.deepEqual(await statuses(links), [401, 401])
  })

  it('keep working for an agent whose session holds', async () => {
    const { links } = await agentWithLinks()
    assert.deepEqual(await statuses(links), [200, 200])
  })
})
