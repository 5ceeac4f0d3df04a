// Times the calendar in Chromium on React 19 (production build): a day of 300 appointments rendered on the
// grid, and one appointment's update (each sample changes the grid), each run many times (p50, p95, ms),
// plus the calendar chunk's gzipped size in the self-contained build.
// Prints JSON. Usage: node bench/calendar-render.mjs [runs]
import { build } from 'esbuild'
import { rollup } from 'rollup'
import { chromium } from 'playwright-core'
import { buildOptions } from '../rollup.config.mjs'
import { measure } from '../scripts/rollup-plugins.mjs'
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs'

const RUNS = Number(process.argv[2] ?? 30)
const COUNT = 300

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(2))
}
const summary = (values) => ({
  runs: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Number(Math.max(...values).toFixed(2)),
})

/** The calendar area's chunk and the chunks it alone pulls in (not already loaded by the page's entry). */
async function chunkSize() {
  const options = buildOptions('cdn', { report: false })
  const bundle = await rollup(options)
  const { output } = await bundle.generate({ ...options.output, sourcemap: false })
  await bundle.close()
  const chunks = measure(Object.fromEntries(output.map((file) => [file.fileName, file])))
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]))
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen
    seen.add(file)
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen)
    return seen
  }
  const entry = closure('cdn/index.js')
  const area = chunks.find((chunk) => /^cdn\/chunks\/CalendarArea-/.test(chunk.file))
  const extra = [...closure(area.file)].filter((file) => !entry.has(file))
  const gz = (files) => files.reduce((sum, file) => sum + byFile.get(file).gzipped, 0)
  return {
    chunk: area.file,
    gzipped: area.gzipped,
    minified: area.minified,
    withSharedChunks: { files: extra, gzipped: gz(extra) },
  }
}

const page = await build({
  entryPoints: ['bench/calendar-render.page.tsx'],
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  minify: true,
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  inject: ['./scripts/browser-shims.js'],
  logLevel: 'silent',
})

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROMIUM_ARGS,
})
try {
  const tab = await browser.newPage({
    viewport: { width: 1000, height: 1000 },
    locale: 'en-US',
    timezoneId: 'America/Santiago',
  })
  const errors = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.setContent('<!doctype html><html><body></body></html>')
  await tab.addScriptTag({ type: 'module', content: page.outputFiles[0].text })
  await tab.waitForFunction(() => globalThis.bench?.ready(), null, { timeout: 30_000 })
  const render = []
  const update = []
  await tab.evaluate((count) => globalThis.bench.renderDay(count), COUNT) // warm-up
  for (let i = 0; i < RUNS; i++)
    render.push(await tab.evaluate((count) => globalThis.bench.renderDay(count), COUNT))
  for (let i = 0; i < RUNS; i++) update.push(await tab.evaluate(() => globalThis.bench.updateOne()))
  if (errors.length) throw new Error(errors.join('\n'))
  console.log(
    JSON.stringify(
      {
        browser: `Chromium ${browser.version()}`,
        appointments: COUNT,
        renderDayMs: summary(render),
        updateOneMs: summary(update),
        targets: { renderDayMs: 100, updateOneMs: 16 },
        calendarChunk: await chunkSize(),
      },
      null,
      2,
    ),
  )
} finally {
  await browser.close()
}
