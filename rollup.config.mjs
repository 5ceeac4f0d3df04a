// Two builds from one source (ARCHITECTURE.md "Two builds"), each with one entry that registers all five
// elements (`index.js`), one entry per element, shared chunks between them and lazy chunks per area and
// per language:
// - dist/cdn/: self-contained ES modules, React 19 inside, for a page that drops one <script type="module">;
// - dist/npm/: for bundlers, the run-time libraries a host may already have (React first) left as imports.
// Type declarations are written once, to dist/types/.
import alias from '@rollup/plugin-alias'
import commonjs from '@rollup/plugin-commonjs'
import json from '@rollup/plugin-json'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import terser from '@rollup/plugin-terser'
import { readFileSync } from 'node:fs'
import typescript from '@rollup/plugin-typescript'
import nodePolyfills from 'rollup-plugin-polyfill-node'
import {
  noSideEffectOnlyImports,
  precompiledMessages,
  retryableChunkImports,
  sizeReport,
  websocketOnlyEngine,
} from './scripts/rollup-plugins.mjs'
import { splitMessages } from './scripts/message-split.mjs'
import { cdnAliases, hasSideEffects, isNpmExternal } from './scripts/build-targets.mjs'

// The build writes to BUILD_DIR (scripts/build.mjs swaps it into dist/ at the end, so a running server never
// serves a half-written bundle).
const outDir = process.env.BUILD_DIR ?? 'dist'

// Stamped into the console (src/services/build-info.ts) for its diagnostic bundle.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))

/** The element names, each an entry of its own. */
export const elements = ['agent-console', 'agent-login', 'agent-status', 'agent-call-panel', 'agent-calendar']

const input = {
  index: 'src/elements/index.ts',
  // Side-effect free: configure() then defineElements(); nothing is defined or connected on import.
  setup: 'src/elements/setup.ts',
  ...Object.fromEntries(elements.map((name) => [name, `src/elements/${name}.tsx`])),
}

function onwarn(warning, warn) {
  // Lit and FullCalendar use `this` at module top level in their UMD guards; harmless in ESM.
  if (warning.code === 'THIS_IS_UNDEFINED') return
  // React libraries mark themselves "use client" for server components; meaningless in a browser bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
  warn(warning)
}

/**
 * One build's Rollup options.
 *
 * @param {'cdn' | 'npm'} target which build
 * @param {{ declarations?: boolean, report?: boolean }} options whether this build writes the types and
 *   prints its size report
 */
export function buildOptions(target, { declarations = false, report = true } = {}) {
  const cdn = target === 'cdn'
  return {
    input,
    external: cdn ? undefined : isNpmExternal,
    // An import left to the host's bundler is kept for its side effects only where it has some (Shoelace
    // components define their tags), so the npm build does not repeat `import "react"` in every chunk.
    treeshake: cdn ? true : { moduleSideEffects: (id, external) => !external || hasSideEffects(id) },
    output: {
      // Both builds share the output folder so the declarations (dist/types/) sit inside it, as the
      // TypeScript plugin requires.
      dir: outDir,
      format: 'es',
      entryFileNames: `${target}/[name].js`,
      chunkFileNames: `${target}/chunks/[name]-[hash].js`,
      sourcemap: true,
      // A host's bundler schedules the npm build's modules itself: no imports hoisted into the entries.
      hoistTransitiveImports: cdn,
    },
    preserveEntrySignatures: 'exports-only',
    onwarn,
    plugins: [
      // Messages are precompiled, so the ICU parser is not needed at run time; the self-contained build also
      // drops the parts of its libraries the console never calls (scripts/build-targets.mjs).
      alias({ entries: cdn ? cdnAliases : [] }),
      ...(cdn ? [websocketOnlyEngine(), retryableChunkImports()] : []),
      replace({
        preventAssignment: true,
        values: {
          'process.env.NODE_ENV': JSON.stringify('production'),
          __CONSOLE_VERSION__: JSON.stringify(version),
        },
      }),
      splitMessages(),
      precompiledMessages(),
      json({ compact: true, exclude: ['locales/*.json'] }),
      nodeResolve({ browser: true, exportConditions: ['browser', 'production'], preferBuiltins: false }),
      commonjs(),
      // simple-peer and its stream shims use Node's process, Buffer and global: the plugin injects them
      // into every node_modules file that needs one (its own polyfills included), nothing else.
      nodePolyfills({ include: ['node_modules/**/*.js'] }),
      typescript({
        tsconfig: './tsconfig.build.json',
        noEmitOnError: true,
        // Types are checked once, by `npm run typecheck` (CI's static checks). Checked here again, once a
        // build, they made `npx rollup -c` take 71 s instead of 54; the output is byte for byte the same.
        noCheck: true,
        outDir,
        ...(declarations
          ? { declaration: true, declarationDir: `${outDir}/types` }
          : { declaration: false, declarationDir: undefined }),
      }),
      terser({ format: { comments: false }, compress: { passes: 2 } }),
      ...(cdn ? [] : [noSideEffectOnlyImports()]),
      ...(report ? [sizeReport(target)] : []),
    ],
  }
}

export default [buildOptions('npm', { declarations: true }), buildOptions('cdn')]
