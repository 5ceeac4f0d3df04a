// rough path estimate: closure of the chunks fetched in a measured run (by name), on the current source
import { rollup } from 'rollup'
import { readFileSync } from 'node:fs'
import { buildOptions } from '/work/wt-build/rollup.config.mjs'
import { measure } from '/work/wt-build/scripts/rollup-plugins.mjs'
const run = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const names = new Set(run.files.filter(f => f.file.startsWith('/dist/cdn/') && !f.file.includes('/chunk.')).map(f => f.file.replace('/dist/cdn/', '').replace(/-[\w-]{8}\.js$/, '')))
const nonJs = run.files.filter(f => !f.file.startsWith('/dist/cdn/')).reduce((t, f) => t + f.gzipped, 0)
const options = buildOptions('cdn', { report: false }); options.onwarn = () => {}
const build = await rollup(options)
const { output } = await build.generate({ ...options.output, sourcemap: false })
await build.close()
const chunks = measure(Object.fromEntries(output.map((f) => [f.fileName, f])))
const by = new Map(chunks.map(c => [c.file, c]))
const seen = new Set()
const visit = f => { if (seen.has(f)) return; seen.add(f); for (const i of by.get(f)?.imports ?? []) visit(i) }
const missing = []
for (const n of names) { const c = chunks.find(c => c.file.replace(/-[\w-]{8}\.js$/, '').replace(/^cdn\//, '') === n || c.file === 'cdn/' + n + '.js'); if (c) visit(c.file); else missing.push(n) }
const js = [...seen].reduce((t, f) => t + by.get(f).gzipped, 0)
console.log({ estimate: js + nonJs, js, nonJs, missing })
for (const f of [...seen].sort((a,b)=>by.get(b).gzipped-by.get(a).gzipped)) console.log(f, by.get(f).gzipped)
