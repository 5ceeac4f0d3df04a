import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const repo = new URL('../../', import.meta.url).pathname

/** Runs `scripts/contract.ts` on a copy; resolves with its exit code and output. */
async function contract(root: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', join(repo, 'scripts/contract.ts'), ...args],
      { env: { ...process.env, CONTRACT_ROOT: root }, timeout: 120_000 },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, output: failure.stdout + failure.stderr }
  }
}

describe('the generated contract cannot drift from src/protocol/', () => {
  let root: string
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'contract-'))
    await cp(join(repo, 'contract'), join(root, 'contract'), { recursive: true })
    await mkdir(join(root, 'docs'))
    await cp(join(repo, 'docs/protocol.md'), join(root, 'docs/protocol.md'))
    await cp(join(repo, 'package.json'), join(root, 'package.json'))
  })
  after(() => rm(root, { recursive: true, force: true }))

  it('passes the check on the committed files', async () => {
    const result = await contract(root, '--check')
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /up to date/)
  })

  it('fails the check, naming the file, when a schema was edited by hand or the protocol moved on', async () => {
    const path = join(root, 'contract/schemas/agent-server-events.json')
    const original = await readFile(path, 'utf8')
    await writeFile(path, original.replace('"pageSize"', '"pageSizes"'))
    const docs = join(root, 'docs/protocol.md')
    await writeFile(docs, (await readFile(docs, 'utf8')).replace('| `pageSize` ', '| `pageSizes` '))
    const result = await contract(root, '--check')
    assert.equal(result.code, 1)
    assert.match(result.output, /contract\/schemas\/agent-server-events\.json/)
    assert.match(result.output, /docs\/protocol\.md/)
    assert.doesNotMatch(result.output, /openapi\.json/)
  })
})
