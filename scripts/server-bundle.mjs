// The reference server bundled as JavaScript by esbuild: node_modules left as imports (but for a few
// pure ES modules whose index would load hundreds of files), code loaded later (the demo identity
// provider) in its own chunk. Source files find their neighbours (migrations, demo pages, package.json,
// the bundle) through `import.meta.url`: each one is rewritten to the source file's own address
// relative to the output, so those paths still resolve from the sources beside it. Used by
// scripts/build-server.mjs (`npm start`) and by the end-to-end suite's test server.
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { build } from 'esbuild'

/** Packages bundled (tree-shaken) rather than imported whole at start. */
const INLINE = new Set(['date-fns', '@date-fns/tz', 'valibot'])

/** Rewrites `import.meta.url` in a source file to that file's URL, computed from the output's own URL. */
const sourceUrls = (out) => ({
  name: 'source-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const fromOut = relative(out, args.path).split('\\').join('/')
      const url = `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader: 'ts',
        resolveDir: dirname(args.path),
      }
    })
  },
})

/** Every package is imported from node_modules at run time, but for those of INLINE. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@')
        ? args.path.split('/').slice(0, 2).join('/')
        : args.path.split('/')[0]
      return INLINE.has(name) ? undefined : { path: args.path, external: true }
    })
  },
}

/**
 * Bundles `entry` into `<outDir>/main.js` (the folder emptied first: chunk names carry a hash). The
 * folder must be inside the project, where node_modules resolves.
 *
 * @example
 * await bundleServer('server/main.ts', 'dist/server')
 */
export async function bundleServer(entry, outDir) {
  const out = resolve(outDir)
  rmSync(out, { recursive: true, force: true })
  await build({
    entryPoints: { main: entry },
    outdir: out,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls(out)],
  })
}
