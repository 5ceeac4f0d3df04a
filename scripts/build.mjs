// `npm run build`: icons, the two Rollup builds (dist/npm/, dist/cdn/, types in dist/types/), the virtual
// background's files in each, Brotli and gzip copies of dist/cdn/'s files (the ones the reference server
// sends: scripts/precompress.mjs), the server (dist/server/, scripts/build-server.mjs), the hash of the
// inputs it was built from (dist/.build-hash, which `npm start` compares: scripts/build-stamp.mjs), then
// custom-elements.json.
// The bundle is written beside dist/ and swapped in at the end, so a server running during the build keeps
// serving a whole bundle.
import { execFileSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { inputsHash, writeStamp } from './build-stamp.mjs'
import { precompress } from './precompress.mjs'
import { writeVirtualBackground } from './virtual-background-assets.mjs'

const next = '.dist-next'
const old = '.dist-old'
const run = (command, args, env = {}) =>
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })

rmSync(next, { recursive: true, force: true })
run(process.execPath, ['scripts/build-icons.mjs'])
// Taken once the icon modules are generated and before anything else is read: a source edited during the
// build makes the next `npm start` build again.
const hash = await inputsHash('.')
run('npx', ['rollup', '-c', '--silent'], { BUILD_DIR: next })
// The virtual background's worker, wasm runtime and model, beside each build's chunks.
for (const build of ['cdn', 'npm']) await writeVirtualBackground(`${next}/${build}`)
// Compressed once here, so the server never compresses a file at a request (the npm build is not served).
await precompress(`${next}/cdn`, { log: (line) => console.log(`cdn: ${line}`) })
// The server as JavaScript (`npm start` runs it): no TypeScript compiled at each start or restart.
run(process.execPath, ['scripts/build-server.mjs', `${next}/server`])
await writeStamp(next, hash)
rmSync(old, { recursive: true, force: true })
if (existsSync('dist')) renameSync('dist', old)
renameSync(next, 'dist')
rmSync(old, { recursive: true, force: true })
run('npm', ['run', 'manifest', '--silent'])
