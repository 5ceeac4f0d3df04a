// Builds the bundle in memory and prints JSON: every entry's and chunk's minified and gzipped bytes,
// and for each entry what a page downloads before anything lazy (the entry plus its static imports).
// Usage: node bench/bundle-size.mjs
import { rollup } from 'rollup'
import config from '../rollup.config.mjs'
import { measure } from '../scripts/rollup-plugins.mjs'

const quiet = { ...config, plugins: config.plugins.filter((plugin) => plugin.name !== 'size-report') }
const build = await rollup(quiet)
const { output } = await build.generate({ ...config.output, sourcemap: false })
await build.close()

const bundle = Object.fromEntries(output.map((file) => [file.fileName, file]))
const chunks = measure(bundle)
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]))

/** The entry and every chunk it imports statically, transitively. */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const imported of byFile.get(file)?.imports ?? []) staticClosure(imported, seen)
  return seen
}

const entries = chunks
  .filter((chunk) => chunk.entry)
  .map((entry) => {
    const files = [...staticClosure(entry.file)]
    const sum = (key) => files.reduce((total, file) => total + (byFile.get(file)?.[key] ?? 0), 0)
    return {
      entry: entry.file,
      initial: { files, minified: sum('minified'), gzipped: sum('gzipped') },
      lazy: entry.dynamicImports,
    }
  })

const budget = 150 * 1024
const all = entries.find((entry) => entry.entry === 'agent-console.js')
console.log(
  JSON.stringify(
    {
      entries,
      chunks: chunks.map(({ file, minified, gzipped, dynamic }) => ({ file, minified, gzipped, lazy: dynamic })),
      budget: { entry: 'agent-console.js', gzippedLimit: budget, gzipped: all?.initial.gzipped, within: (all?.initial.gzipped ?? Infinity) <= budget },
    },
    null,
    2,
  ),
)
