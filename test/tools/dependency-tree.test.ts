import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'

// `npm ls --all` must print no invalid, missing or extraneous package (issue 10's acceptance): a
// dependency asking for a tag instead of a range once made it fail unnoticed.
describe('the installed dependency tree', () => {
  it('is what package.json and the lock ask for (`npm ls --all` finds no problem)', () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const listed = spawnSync(npm, ['ls', '--all', '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    assert.equal(listed.error, undefined)
    const { problems = [] } = JSON.parse(listed.stdout) as { problems?: string[] }
    assert.deepEqual(problems, [])
    assert.equal(listed.status, 0)
  })
})
