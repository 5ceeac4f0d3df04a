// The browser tests' bundles for Web Test Runner (web-test-runner.config.mjs): each test file bundled by
// esbuild, React 19 inside, with its source map served beside it when asked for.
import { build } from 'esbuild'
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'

// The console's version, as the build stamps it (src/services/build-info.ts).
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/**
 * One test file bundled (React 19 inside), with its source map (`map`) or without. The code links its map
 * (`//# sourceMappingURL=x.test.js.map`), which is built only when asked for: a run asks only for its
 * failures' maps, to translate their stacks. esbuild's code is the same byte for byte with or without a
 * map, the link aside (test/tools/browser-test-bundles.test.ts). Built with every bundle, the maps had
 * esbuild take 94 core-seconds over the suite, 75 without them (`node bench/cpu-by-process.mjs npx
 * web-test-runner`). Linked, not inline: inline, they were 72% of the 751 MB of bundles a run sent to
 * Chromium.
 */
export async function bundleTest(path, { map = false } = {}) {
  const result = await build({
    entryPoints: ['.' + path],
    bundle: true,
    write: false,
    // Never written (write: false): it places the map's file beside the test's, where its link points.
    outdir: dirname('.' + path),
    format: 'esm',
    jsx: 'automatic',
    sourcemap: map ? 'linked' : false,
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
  if (map) return { code: file('.js'), map: file('.js.map') }
  // As esbuild links a map it writes (its last line).
  return { code: `${file('.js')}//# sourceMappingURL=${basename(path).replace(/\.tsx?$/, '.js')}.map\n` }
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
        return { body: (await bundleTest(test + extension, { map: true })).map, type: 'json' }
    return undefined
  },
}
