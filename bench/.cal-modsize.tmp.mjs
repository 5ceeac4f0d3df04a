import { rollup } from 'rollup'
import { gzipSync } from 'node:zlib'
import config from '../rollup.config.mjs'
const quiet = { ...config, plugins: config.plugins.filter((p) => p.name !== 'size-report') }
const build = await rollup(quiet)
const { output } = await build.generate({ ...config.output, sourcemap: false })
await build.close()
const byFile = new Map(output.map((f) => [f.fileName, f]))
const closure = (file, seen = new Set()) => { if (seen.has(file)) return seen; seen.add(file); for (const i of byFile.get(file)?.imports ?? []) closure(i, seen); return seen }
const files = closure(process.argv[2] ?? 'agent-console.js')
const mods = []
for (const f of files) { const chunk = byFile.get(f); for (const [id, m] of Object.entries(chunk.modules ?? {})) mods.push([id.replace('/work/main/', ''), m.renderedLength, f]) }
mods.sort((a, b) => b[1] - a[1])
const filter = process.argv[3] ? new RegExp(process.argv[3]) : null
let total = 0
for (const [id, len, f] of mods) { if (filter && !filter.test(id)) continue; total += len; console.log(String(len).padStart(8), id, f) }
console.log('total', total)
