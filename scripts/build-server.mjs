// The reference server as JavaScript, so that `npm start` (and a restart after a crash) does not compile
// TypeScript at every start: server/main.ts bundled into <out>/main.js (default dist/server), see
// scripts/server-bundle.mjs.
// Usage: node scripts/build-server.mjs [out dir]
import { relative, resolve } from 'node:path'
import { bundleServer } from './server-bundle.mjs'

const out = resolve(process.argv[2] ?? 'dist/server')
const started = performance.now()
await bundleServer('server/main.ts', out)
console.log(
  `server: ${relative(process.cwd(), out)}/main.js in ${Math.round(performance.now() - started)} ms`,
)
