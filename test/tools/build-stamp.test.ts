// `npm start` builds only when the build's inputs changed since dist/ was built (scripts/build-stamp.mjs,
// scripts/start.mjs): here on a small project in a temp folder, with a stand-in build that stamps its
// output as scripts/build.mjs does.
import { afterEach, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureBuilt, inputsHash, readStamp, writeStamp } from '../../scripts/build-stamp.mjs'

describe('npm start, in front of a build', () => {
  let root: string
  let builds: number
  /** What scripts/build.mjs does, in short: the inputs' hash taken first, the server written, the stamp. */
  const build = async () => {
    builds++
    const hash = await inputsHash(root)
    await mkdir(join(root, 'dist/server'), { recursive: true })
    await writeFile(join(root, 'dist/server/main.js'), '// the server\n')
    await writeStamp(join(root, 'dist'), hash)
  }
  const start = () => ensureBuilt({ root, build })
  const write = async (path: string, text: string) => {
    await mkdir(join(root, path, '..'), { recursive: true })
    await writeFile(join(root, path), text)
  }

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'build-stamp-'))
    builds = 0
    await write('src/elements/index.ts', 'export {}\n')
    await write('server/main.ts', 'console.log(1)\n')
    await write('locales/en.json', '{"a":"A"}\n')
    await write('package-lock.json', '{}\n')
    await write('README.md', '# readme\n')
    await write('test/a.test.ts', '// a test\n')
  })
  afterEach(() => rm(root, { recursive: true, force: true }))

  it('builds when there is no build, then starts without one while nothing changed', async () => {
    assert.deepEqual(await start(), { built: true, reason: 'no build' })
    assert.equal(await readStamp(join(root, 'dist')), await inputsHash(root))
    assert.deepEqual(await start(), { built: false, reason: 'up to date' })
    assert.equal(builds, 1)
  })

  it('builds again when a source changes, appears or goes, not when it is only touched', async () => {
    await start()
    // A checkout or an editor saving the same bytes: the same inputs.
    const later = new Date(Date.now() + 60_000)
    await utimes(join(root, 'src/elements/index.ts'), later, later)
    await write('locales/en.json', '{"a":"A"}\n')
    assert.equal((await start()).built, false)

    await write('src/elements/index.ts', 'export const changed = 1\n')
    assert.deepEqual(await start(), { built: true, reason: 'sources changed' })
    await write('server/new-route.ts', 'export {}\n')
    assert.equal((await start()).built, true)
    await rm(join(root, 'server/new-route.ts'))
    assert.equal((await start()).built, true)
    await write('package-lock.json', '{"lockfileVersion":3}\n')
    assert.equal((await start()).built, true)
    assert.equal((await start()).built, false)
    assert.equal(builds, 5)
  })

  it('does not build for what the build does not read: the README, the tests, dot-files', async () => {
    await start()
    await write('README.md', '# another readme\n')
    await write('test/a.test.ts', '// another test\n')
    await write('src/.DS_Store', 'editor litter')
    assert.deepEqual(await start(), { built: false, reason: 'up to date' })
  })

  it('builds when the built server is gone, or the stamp is', async () => {
    await start()
    await rm(join(root, 'dist/server/main.js'))
    assert.deepEqual(await start(), { built: true, reason: 'no build' })
    await rm(join(root, 'dist/.build-hash'))
    assert.deepEqual(await start(), { built: true, reason: 'no build' })
    assert.equal(builds, 3)
  })

  it('tries again at the next start when a build fails, and stops this one', async () => {
    await start()
    await write('src/elements/index.ts', 'export const broken =\n')
    const failing = () => {
      throw new Error('rollup: unexpected end of input')
    }
    await assert.rejects(ensureBuilt({ root, build: failing }), /unexpected end of input/)
    assert.deepEqual(await start(), { built: true, reason: 'sources changed' })
  })

  it('tells a build that wrote no server from one that did', async () => {
    await assert.rejects(ensureBuilt({ root, build: () => {} }), /wrote no dist\/server\/main\.js/)
  })

  it('hashes paths and contents: moving bytes from one file to another is a change', async () => {
    const before = await inputsHash(root)
    await rm(join(root, 'server/main.ts'))
    await write('server/other.ts', 'console.log(1)\n')
    assert.notEqual(await inputsHash(root), before)
  })
})
