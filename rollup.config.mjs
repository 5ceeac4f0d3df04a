// The published bundle: one entry that registers all five elements, one entry per element, shared
// chunks between them, and lazy chunks for heavy areas (the calendar) and for each language.
import alias from '@rollup/plugin-alias'
import commonjs from '@rollup/plugin-commonjs'
import json from '@rollup/plugin-json'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import terser from '@rollup/plugin-terser'
import typescript from '@rollup/plugin-typescript'
import nodePolyfills from 'rollup-plugin-polyfill-node'
import { precompiledMessages, sizeReport } from './scripts/rollup-plugins.mjs'
import { reactAliasEntries } from './scripts/react-runtime.mjs'

// The build writes to BUILD_DIR (scripts/build.mjs swaps it into dist/ at the end, so a running server never
// serves a half-written bundle).
const outDir = process.env.BUILD_DIR ?? 'dist'

const elements = ['agent-console', 'agent-login', 'agent-status', 'agent-call-panel', 'agent-calendar']

export default {
  input: {
    'agent-console': 'src/elements/index.ts',
    ...Object.fromEntries(elements.map((name) => [`elements/${name}`, `src/elements/${name}.tsx`])),
  },
  output: {
    dir: outDir,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  preserveEntrySignatures: 'exports-only',
  onwarn(warning, warn) {
    // Lit and FullCalendar use `this` at module top level in their UMD guards; harmless in ESM.
    if (warning.code === 'THIS_IS_UNDEFINED') return
    // React libraries mark themselves "use client" for server components; meaningless in a browser bundle.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
    warn(warning)
  },
  plugins: [
    alias({
      // Messages are precompiled, so the ICU parser is not needed at run time.
      // React's API runs on preact/compat (scripts/react-runtime.mjs).
      entries: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
        ...reactAliasEntries,
      ],
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
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
      outDir,
      declarationDir: `${outDir}/types`,
    }),
    terser({ format: { comments: false }, compress: { passes: 2 } }),
    sizeReport(),
  ],
}
