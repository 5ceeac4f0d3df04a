import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildContractKit } from '../../scripts/build-contract-kit.mjs'
import { TestServer } from './support/test-server'

const run = promisify(execFile)

/** Runs the built kit (what `npx agent-console-contract` runs) against a server; its exit code and lines. */
async function conformance(kit: string, server: TestServer) {
  try {
    const { stdout } = await run(process.execPath, [kit, server.url, '--timeout', '15000'], {
      timeout: 120_000,
    })
    return { code: 0, lines: stdout.trim().split('\n') }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, lines: `${failure.stdout}${failure.stderr}`.trim().split('\n') }
  }
}

describe('the conformance kit (npx agent-console-contract)', () => {
  let folder: string
  let kit: string
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'contract-kit-'))
    kit = join(folder, 'contract-kit.mjs')
    await buildContractKit(kit)
  })
  after(() => rm(folder, { recursive: true, force: true }))

  it('passes against the reference server, every flow checked', async () => {
    const server = await TestServer.start()
    try {
      const { code, lines } = await conformance(kit, server)
      assert.equal(code, 0, lines.join('\n'))
      assert.deepEqual(
        lines.filter((line) => line.startsWith('FAIL')),
        [],
      )
      for (const subject of [
        'POST /auth/login',
        'GET /auth/check-token',
        'POST /auth/refresh-token',
        'console:settings (payload)',
        'status (ack)',
        'GET /users',
        'GET /segments',
        'appointments:find (ack)',
        'inbound (payload)',
        'answer (ack)',
        'hangup (ack)',
        'end (payload after hangup)',
        'POST /auth/logout',
      ])
        assert.ok(
          lines.some((line) => line.startsWith(`PASS  ${subject}`)),
          `no PASS line for ${subject}:\n${lines.join('\n')}`,
        )
      assert.match(lines.at(-1)!, /^\d+ passed, 0 failed$/)
    } finally {
      await server.close()
    }
  })

  for (const [fault, subject, field] of [
    ['console:settings.pageSize', 'console:settings (payload)', 'pageSize: missing'],
    ['inbound.customerName', 'inbound (payload)', 'customerName: missing'],
    [
      'console:settings.pageSize="ten"',
      'console:settings (payload)',
      'pageSize: Invalid type: Expected number but received "ten"',
    ],
  ] as const) {
    it(`fails against a server that breaks ${fault}, naming the field`, async () => {
      const server = await TestServer.start({ contractFaults: [fault] })
      try {
        const { code, lines } = await conformance(kit, server)
        assert.equal(code, 1, lines.join('\n'))
        const failures = lines.filter((line) => line.startsWith('FAIL'))
        assert.deepEqual(failures, [`FAIL  ${subject}: ${field}`])
        assert.match(lines.at(-1)!, /^\d+ passed, 1 failed$/)
      } finally {
        await server.close()
      }
    })
  }
})
