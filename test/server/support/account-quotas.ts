import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import CRC32 from 'crc-32'
import type { Reply } from '../../../src/protocol'
import { SEED } from '../../../server/store/seed-content'
import type { TestServer } from './test-server'
import { answer, queueCustomer } from './call-flow'
import { agentInCall, recorderSocket, recordingReaches, setRecorder } from './recording-flow'
import type { EventClient } from './event-client'

// Small quotas, read by the server as it starts: 96 KiB of recordings (each one at most 64 KiB), 10 kB of files.
const RECORDINGS_QUOTA = 96 * 1024
const FILES_QUOTA = 10_000
const KIB16 = new Uint8Array(16 * 1024)

type Ack = Reply<{ seq: number; size: number }>
const outcome = (reply: Reply<unknown>) => (reply.ok ? 'ok' : `${reply.error.code} ${reply.error.reason}`)

/**
 * Issue 64 "storage quotas", driven as an attacker would: raw recorder sockets and upload bursts against
 * a server `start` opens (on PGlite, or on PostgreSQL where statements of parallel requests run side by
 * side and only the account's row lock holds a burst back).
 */
export function describeAccountStorageQuotas(engine: string, start: () => Promise<TestServer>): void {
  describe(`account storage quotas (${engine})`, () => {
    let server: TestServer
    before(async () => {
      process.env.ACCOUNT_RECORDINGS_QUOTA_BYTES = String(RECORDINGS_QUOTA)
      process.env.ACCOUNT_FILES_QUOTA_BYTES = String(FILES_QUOTA)
      server = await start()
      await setRecorder(server, { type: 'cloud', enabled: true, maxBytes: 64 * 1024 })
    })
    after(async () => {
      await server.close()
      delete process.env.ACCOUNT_RECORDINGS_QUOTA_BYTES
      delete process.env.ACCOUNT_FILES_QUOTA_BYTES
    })

    const accountRecordingBytes = async () =>
      Number(
        (
          await server.db.query<{ bytes: string }>(
            "SELECT COALESCE(sum(bytes_received), 0) AS bytes FROM recordings WHERE account_id = $1 AND type = 'cloud'",
            [SEED.account],
          )
        )[0]!.bytes,
      )

    /** An agent in a call, recording it in the cloud, with the recorder socket connected. */
    async function recordingAgent() {
      const { agent, call } = await agentInCall(server)
      const started = await agent.client.request<{ recordingId: string }>('recording', { action: 'start' })
      if (!started.ok) return { agent, refusal: started.error }
      const id = started.data.recordingId
      const socket: EventClient = recorderSocket(server, {
        token: call.recordingToken,
        recordingId: id,
        mime: 'video/webm',
      })
      await socket.connected()
      const send = async (seq: number) => (await socket.request('chunk', { seq, data: KIB16 })) as Ack
      return { agent, id, socket, send, refusal: null }
    }

    it('stops recorder sockets at the account’s recordings quota, even chunks sent at once, and deleting makes room', async () => {
      const first = await recordingAgent()
      assert.ok(first.send, JSON.stringify(first.refusal))
      for (let seq = 0; seq < 4; seq++) assert.equal(outcome(await first.send(seq)), 'ok')

      // Three more recordings send a chunk each at the same moment: 32 KiB of room take two of them.
      const others = await Promise.all([recordingAgent(), recordingAgent(), recordingAgent()])
      const burst = await Promise.all(others.map((other) => other.send!(0)))
      assert.deepEqual(burst.map(outcome).sort(), ['413 account-recordings-quota', 'ok', 'ok'])
      const refused = burst.find((reply) => !reply.ok)
      assert.match(refused!.ok ? '' : refused!.error.message, /recordings storage is full \(96 KiB\)/)
      assert.equal(await accountRecordingBytes(), RECORDINGS_QUOTA, 'never past the quota')
      // The refused chunk's bytes are not left on disk.
      const loser = others[burst.indexOf(refused!)]!
      const loserFile = server.app.context.storage.recordingFile(SEED.account, loser.id!)
      assert.equal(existsSync(loserFile) ? statSync(loserFile).size : 0, 0)

      // A full account starts no cloud recording: the agent is told which quota.
      const blocked = await recordingAgent()
      assert.equal(blocked.refusal?.code, 413)
      assert.equal(blocked.refusal?.reason, 'account-recordings-quota')

      // The agent deletes the first recording (once closed): its 64 KiB are free again.
      assert.ok((await first.socket!.request('finish', { chunks: 4 })).ok)
      await recordingReaches(server, first.agent.token, first.id!, 'failed')
      const deleted = await server.http('DELETE', `/recordings/${first.id}`, { token: first.agent.token })
      assert.equal(deleted.status, 200)
      assert.equal(outcome(await loser.send!(0)), 'ok')
      const again = await recordingAgent()
      assert.equal(again.refusal, null, 'a recording starts again')
      for (const each of [...others, again]) each.socket?.close()
    })

    describe('files', () => {
      const crc = (bytes: Uint8Array) => CRC32.buf(bytes) >>> 0

      async function callWithAgent() {
        const segment = await server.createSegment(`Quota ${randomBytes(4).toString('hex')}`)
        const agent = await server.agent(await server.createAgent([segment]), { status: 'available' })
        const customer = await server.customer()
        await queueCustomer(customer, segment)
        const call = await answer(agent.client)
        await customer.next('call:joined')
        return { token: agent.token, callId: call.id }
      }

      const authorize = (token: string, callId: string, bytes: Uint8Array) =>
        server.http<{ accessToken: string; code?: number; reason?: string; message?: string }>(
          'POST',
          '/files/authorization',
          {
            token,
            body: {
              size: bytes.length,
              crc32: crc(bytes),
              extension: 'pdf',
              type: 'application/pdf',
              call: callId,
            },
          },
        )

      async function upload(fileToken: string, bytes: Uint8Array) {
        const response = await fetch(`${server.url}/api/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fileToken}`, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
        })
        return { status: response.status, body: (await response.json()) as { reason?: string; id?: string } }
      }

      const accountFileBytes = async () =>
        Number(
          (
            await server.db.query<{ bytes: string }>(
              'SELECT COALESCE(sum(size), 0) AS bytes FROM files WHERE account_id = $1',
              [SEED.account],
            )
          )[0]!.bytes,
        )
      const filesOnDisk = (callId: string) => {
        const folder = `${server.app.context.files.root}/${callId}`
        return existsSync(folder) ? readdirSync(folder) : []
      }

      it('refuses an authorization whose size would pass the account’s files quota, before any byte is sent', async () => {
        const { token, callId } = await callWithAgent()
        const refused = await authorize(token, callId, randomBytes(FILES_QUOTA + 1))
        assert.equal(refused.status, 413)
        assert.equal(refused.body.reason, 'account-files-quota')
        assert.match(refused.body.message ?? '', /file storage is full \(9\.8 KiB\)/)
      })

      it('admits a parallel burst of uploads only as far as the quota, and never stores past it', async () => {
        const { token, callId } = await callWithAgent()
        // Ten authorizations while nothing is stored: each fits alone, three fit together.
        const files = Array.from({ length: 10 }, () => randomBytes(3_000))
        const tokens = await Promise.all(files.map((bytes) => authorize(token, callId, bytes)))
        assert.deepEqual(
          tokens.map((granted) => granted.status),
          files.map(() => 200),
        )
        const answers = await Promise.all(
          files.map((bytes, index) => upload(tokens[index]!.body.accessToken, bytes)),
        )
        const statuses = answers.map((reply) => `${reply.status} ${reply.body.reason ?? ''}`.trim()).sort()
        assert.deepEqual(statuses, [
          '201',
          '201',
          '201',
          ...Array.from({ length: 7 }, () => '413 account-files-quota'),
        ])
        assert.equal(await accountFileBytes(), 9_000)
        assert.equal(filesOnDisk(callId).length, 3, 'refused uploads leave nothing on disk')
        // What is left: 1,000 bytes fit, 1,001 do not.
        assert.equal((await authorize(token, callId, randomBytes(1_001))).body.reason, 'account-files-quota')
        const last = randomBytes(1_000)
        const granted = await authorize(token, callId, last)
        assert.equal(granted.status, 200)
        assert.equal((await upload(granted.body.accessToken, last)).status, 201)
        assert.equal(await accountFileBytes(), FILES_QUOTA)
      })
    })
  })
}
