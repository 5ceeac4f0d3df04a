// `npm run build`: icons, the two Rollup builds (dist/npm/, dist/cdn/, types in dist/types/), the virtual
// background's files in each, the server (dist/server/, scripts/build-server.mjs), then custom-elements.json.
// The bundle is written beside dist/ and swapped in at the end, so a server running during the build keeps
// serving a whole bundle.
import { execFileSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { writeVirtualBackground } from './virtual-background-assets.mjs'

const next = '.dist-next'
const old = '.dist-old'
const run = (command, args, env = {}) =>
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })

rmSync(next, { recursive: true, force: true })
run(process.execPath, ['scripts/build-icons.mjs'])
run('npx', ['rollup', '-c', '--silent'], { BUILD_DIR: next })
// The virtual background's worker, wasm runtime and model, beside each build's chunks.
for (const build of ['cdn', 'npm']) await writeVirtualBackground(`${next}/${build}`)
// The server as JavaScript (`npm start` runs it): no TypeScript compiled at each start or restart.
run(process.execPath, ['scripts/build-server.mjs', `${next}/server`])
rmSync(old, { recursive: true, force: true })
if (existsSync('dist')) renameSync('dist', old)
renameSync(next, 'dist')
rmSync(old, { recursive: true, force: true })
run('npm', ['run', 'manifest', '--silent'])
