// `npm start`: builds only when the build's inputs changed since dist/ was built (scripts/build-stamp.mjs;
// a full build takes minutes on a busy machine), then runs the built server, dist/server/main.js, in this
// very process (its signal handlers and exit code are the server's own).
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuilt, SERVER_ENTRY } from './build-stamp.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

try {
  await ensureBuilt({
    root,
    build: () => execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }),
    log: (line) => console.log(`npm start: ${line}`),
  })
} catch (error) {
  // The build printed why; its exit status is ours.
  console.error(`npm start: the build failed, the server was not started (${error.message})`)
  process.exit(typeof error.status === 'number' && error.status > 0 ? error.status : 1)
}
await import(new URL(`../dist/${SERVER_ENTRY}`, import.meta.url).href)
