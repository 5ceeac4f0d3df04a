import { rollup } from 'rollup'
import { buildOptions } from '../rollup.config.mjs'
const options = buildOptions('cdn', { report: false })
options.onwarn = () => {}
const build = await rollup(options)
const { output } = await build.generate({ ...options.output, sourcemap: false })
await build.close()
const want = process.argv.slice(2)
for (const chunk of output) {
  if (chunk.type !== 'chunk' || !want.some(w => chunk.fileName.includes(w))) continue
  console.log('\n==', chunk.fileName, 'imports', chunk.imports.join(' '), 'dyn', chunk.dynamicImports.join(' '))
  const rows = Object.entries(chunk.modules).filter(([id,m]) => m.renderedLength > 0).map(([id, m]) => [id.replace(/^.*node_modules\//, '').replace('/work/wt-build/', ''), m.renderedLength])
  for (const [id, n] of rows.filter(([id]) => /^src|shoelace\/dist\/components\/[^/]+\/[^/]+\.js$/.test(id)).sort((a,b)=>b[1]-a[1])) console.log('  ', id.padEnd(80), n)
}
