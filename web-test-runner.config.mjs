// Browser tests: every test file is bundled by esbuild (one file per test, React 19 inside) and run in
// Debian's Chromium with a fake camera and microphone.
import { chromeLauncher } from '@web/test-runner-chrome'
import { bundleTests } from './scripts/browser-test-bundles.mjs'
import { countingReporter } from './scripts/wtr-counting-reporter.mjs'
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs'
import { defaultReporter } from '@web/test-runner'
import { readFile } from 'node:fs/promises'
import { bundleWorker, COPIED, MODEL_FILE, modelFile } from './scripts/virtual-background-assets.mjs'

// The virtual background's folder as the build lays it out (scripts/virtual-background-assets.mjs), under
// /virtual-background/: the worker bundled from source, the wasm runtime and the model from node_modules.
const virtualBackground = {
  name: 'virtual-background',
  async serve(context) {
    if (!context.path.startsWith('/virtual-background/')) return undefined
    const name = context.path.slice('/virtual-background/'.length)
    if (name === 'worker.js') return { body: await bundleWorker({ minify: false }), type: 'js' }
    if (name === MODEL_FILE) return { body: Buffer.from(await modelFile()), type: 'application/octet-stream' }
    const copied = COPIED.find(([, to]) => to === name)
    if (!copied) return undefined
    const type = name.endsWith('.wasm')
      ? 'application/wasm'
      : name.endsWith('.js')
        ? 'js'
        : 'application/octet-stream'
    return { body: await readFile(copied[0]), type }
  },
}

// A module that fails its first request, then loads (test/services/chunk-import.test.ts): a chunk caught by
// a network cut. Each test asks for a path of its own, so no state is shared between tests.
const failedOnce = new Set()
// An upload the server takes in and never answers (test/services/upload.test.ts): a link that hangs without
// failing. The request is held until the page gives up on it (the response's connection closes).
async function stalledUpload(context, next) {
  if (!context.path.startsWith('/stalled-upload/')) return next()
  context.req.resume()
  await new Promise((resolve) => context.res.on('close', resolve))
  return undefined
}

async function flakyChunk(context, next) {
  if (!context.path.startsWith('/flaky-chunk/')) return next()
  if (!failedOnce.has(context.path)) {
    failedOnce.add(context.path)
    context.status = 503
    return undefined
  }
  context.type = 'js'
  context.body = `export default ${JSON.stringify(context.querystring)}`
  return undefined
}

export default {
  files: ['test/**/*.test.{ts,tsx}', '!test/server/**', '!test/e2e/**', '!test/tools/**'],
  nodeResolve: false,
  concurrency: 2,
  testsFinishTimeout: 180_000,
  middleware: [flakyChunk, stalledUpload],
  plugins: [bundleTests, virtualBackground],
  reporters: [defaultReporter(), countingReporter('test-results/browser.json')],
  testFramework: { config: { timeout: 10_000, forbidOnly: true } },
  browsers: [
    chromeLauncher({
      // Each test page in its own browser context (its own window): with concurrency 2, a page left in
      // a background tab gets no animation frames, and @open-wc's fixture() waits for one.
      async createPage({ browser }) {
        const context = await browser.createBrowserContext()
        return context.newPage()
      },
      launchOptions: {
        executablePath: chromiumPath(),
        args: CHROMIUM_ARGS,
      },
    }),
  ],
}
