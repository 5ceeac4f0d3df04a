// The browser tests' bundles for Web Test Runner (web-test-runner.config.mjs): each test file bundled by
// esbuild, React 19 inside, with its source map served beside it.
import { build } from 'esbuild'
import { existsSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'

// The console's version, as the build stamps it (src/services/build-info.ts).
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/**
 * One test file bundled (React 19 inside) with its source map: linked, not inline. Inline, the maps were
 * 72% of the 751 MB of bundles a run sent to Chromium, and the suite took 224 s and 417 core-seconds
 * instead of 168 s and 316 (bench/cpu-by-process.mjs); linked, a map is asked for only to translate a
 * failing test's stack.
 */
async function bundleTest(path) {
  const result = await build({
    entryPoints: ['.' + path],
    bundle: true,
    write: false,
    // Never written (write: false): it places the map's file beside the test's, where its link points.
    outdir: dirname('.' + path),
    format: 'esm',
    jsx: 'automatic',
    sourcemap: 'linked',
    target: 'es2022',
    define: {
      'process.env.NODE_ENV': '"development"',
      global: 'globalThis',
      __CONSOLE_VERSION__: JSON.stringify(version),
    },
    inject: ['./scripts/browser-shims.js'],
    logLevel: 'silent',
  })
  const file = (extension) => result.outputFiles.find((output) => output.path.endsWith(extension)).text
  return { code: file('.js'), map: file('.js.map') }
}

/** The Web Test Runner plugin that serves each test file bundled, and its map when asked for. */
export const bundleTests = {
  name: 'bundle-tests',
  async serve(context) {
    if (/\.test\.tsx?$/.test(context.path)) return { body: (await bundleTest(context.path)).code, type: 'js' }
    // A map is built again when asked for, rather than kept: a run asks only for its failures' maps.
    const test = context.path.match(/^(.*\.test)\.js\.map$/)?.[1]
    if (!test) return undefined
    for (const extension of ['.ts', '.tsx'])
      if (existsSync('.' + test + extension))
        return { body: (await bundleTest(test + extension)).map, type: 'json' }
    return undefined
  },
}
