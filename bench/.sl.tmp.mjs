import { rollup } from 'rollup'
import { buildOptions } from '../rollup.config.mjs'
const options = buildOptions('cdn', { report: false })
options.onwarn = () => {}
const build = await rollup(options)
const { output } = await build.generate({ ...options.output, sourcemap: false })
await build.close()
for (const chunk of output) {
  if (chunk.type !== 'chunk') continue
  const mods = Object.entries(chunk.modules).filter(([id, m]) => m.renderedLength > 0 && /shoelace/.test(id)).map(([id, m]) => id.replace(/.*shoelace\/dist\//, '') + ':' + m.renderedLength)
  if (mods.length) console.log('\n==', chunk.fileName, '\n  ', mods.join('\n   '))
}
