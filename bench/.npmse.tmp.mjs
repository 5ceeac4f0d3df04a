import { rollup } from 'rollup'
import { buildOptions } from '/work/wt-build/rollup.config.mjs'
const options = buildOptions('npm', { report: false }); options.onwarn = () => {}
options.plugins = options.plugins.filter(p => p.name !== 'typescript' || true)
const build = await rollup(options)
const { output } = await build.generate({ ...options.output, sourcemap: false })
await build.close()
for (const c of output) if (c.type === 'chunk') for (const m of c.code.matchAll(/import"([^"]+)"/g)) console.log(c.fileName, '->', m[1])
