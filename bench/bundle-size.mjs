// Builds the bundle in memory and prints JSON: every entry's and chunk's minified and gzipped bytes,
// and for each entry what a page downloads before anything lazy (the entry plus its static imports).
// `pathToAvailable`: the JavaScript the standalone console (demo/index.html) loads from opening the
// page to "Available": `static` from this build (the console element's static imports, the English
// messages and the lazy chunks its shell mounts on the way), `measured` from a Chromium run against
// the reference server and dist/ (run `npm run build` first; `--no-browser` skips it).
// Usage: node bench/bundle-size.mjs [--no-browser]
import { existsSync } from 'node:fs'
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

/** The static part of the path to "available": what the console's shell loads before the status menu. */
function staticPathToAvailable() {
  const console = entries.find((entry) => entry.entry === 'elements/agent-console.js')
  if (!console) return null
  const lazyOnTheWay = [/^chunks\/en-/, /^chunks\/HistoryPage-/, /^chunks\/InboundArea-/]
  const lazy = chunks
    .filter((chunk) => chunk.dynamic && lazyOnTheWay.some((pattern) => pattern.test(chunk.file)))
    .flatMap((chunk) => [...staticClosure(chunk.file)])
  const files = [...new Set([...console.initial.files, ...lazy])]
  const gzipped = files.reduce((total, file) => total + (byFile.get(file)?.gzipped ?? 0), 0)
  return { files, gzipped, note: 'without the calendar sidebar (accounts with calendarEnabled load it too)' }
}

let measured = null
if (!process.argv.includes('--no-browser') && existsSync('dist/elements/agent-console.js')) {
  const { measurePathToAvailable } = await import('./path-to-available.mjs')
  measured = await measurePathToAvailable().catch((error) => ({ error: String(error) }))
}
const pathBudget = 130 * 1024
console.log(
  JSON.stringify(
    {
      entries,
      chunks: chunks.map(({ file, minified, gzipped, dynamic }) => ({
        file,
        minified,
        gzipped,
        lazy: dynamic,
      })),
      budget: {
        entry: 'agent-console.js',
        gzippedLimit: budget,
        gzipped: all?.initial.gzipped,
        within: (all?.initial.gzipped ?? Infinity) <= budget,
      },
      pathToAvailable: {
        gzippedLimit: pathBudget,
        static: staticPathToAvailable(),
        measured,
        within: (measured?.gzipped ?? staticPathToAvailable()?.gzipped ?? Infinity) <= pathBudget,
      },
    },
    null,
    2,
  ),
)
