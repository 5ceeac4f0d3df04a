// Builds the self-contained build (dist/cdn/, React 19 inside: what a page downloads) in memory and prints
// JSON: every entry's and chunk's minified and gzipped bytes; each entry's static closure (the entry and
// every chunk it imports statically, what a page downloads before anything lazy); the static closure of
// all five elements together; and the largest lazy chunk, each against its budget (issue 10).
// `--check` exits 1 when a budget is exceeded. A build that fails exits non-zero: no figure is printed.
// Usage: node bench/bundle-size.mjs [--check]
import { rollup } from 'rollup'
import { buildOptions, elements } from '../rollup.config.mjs'
import { measure } from '../scripts/rollup-plugins.mjs'

const KB = 1024
const ALL_ELEMENTS_LIMIT = 175 * KB
const LAZY_CHUNK_LIMIT = 80 * KB

const options = buildOptions('cdn', { report: false })
const build = await rollup(options)
const { output } = await build.generate({ ...options.output, sourcemap: false })
await build.close()

const chunks = measure(Object.fromEntries(output.map((file) => [file.fileName, file])))
const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]))

/** The files and every chunk they import statically, transitively. */
function staticClosure(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue
    seen.add(file)
    staticClosure(byFile.get(file)?.imports ?? [], seen)
  }
  return seen
}
const gzipped = (files) => files.reduce((total, file) => total + byFile.get(file).gzipped, 0)

const entries = chunks
  .filter((chunk) => chunk.entry)
  .map((entry) => {
    const files = [...staticClosure([entry.file])].sort()
    return { entry: entry.file, static: { files, gzipped: gzipped(files) }, lazy: entry.dynamicImports }
  })

const elementEntries = elements.map((name) => `cdn/${name}.js`)
const allFiles = [...staticClosure(elementEntries)].sort()
const allElements = {
  entries: elementEntries,
  files: allFiles,
  gzipped: gzipped(allFiles),
  gzippedLimit: ALL_ELEMENTS_LIMIT,
  within: gzipped(allFiles) <= ALL_ELEMENTS_LIMIT,
}

// Lazy: every chunk outside the elements' static closure (lazy areas and the chunks they share).
const lazyChunks = chunks.filter((chunk) => !allFiles.includes(chunk.file))
const [largest] = lazyChunks.sort((a, b) => b.gzipped - a.gzipped)
const largestLazyChunk = {
  file: largest.file,
  gzipped: largest.gzipped,
  gzippedLimit: LAZY_CHUNK_LIMIT,
  within: largest.gzipped <= LAZY_CHUNK_LIMIT,
}

console.log(
  JSON.stringify(
    {
      build: 'cdn',
      gzipLevel: 9,
      chunks: chunks.map(({ file, minified, gzipped, entry }) => ({
        file,
        minified,
        gzipped,
        entry,
        lazy: !allFiles.includes(file),
      })),
      entries,
      allElements,
      largestLazyChunk,
      within: allElements.within && largestLazyChunk.within,
    },
    null,
    2,
  ),
)
if (process.argv.includes('--check') && !(allElements.within && largestLazyChunk.within)) process.exitCode = 1
