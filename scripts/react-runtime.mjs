// The React runtime the bundle and the tests run on: Preact's React-compatible layer. Views are written
// against React's API and typed with @types/react; at bundle time `react` and `react-dom` resolve to
// preact/compat, which keeps the page under its size budgets (react-dom alone is ~60 KB gzipped,
// preact/compat ~5 KB). One map, used by Rollup, by the test bundler and by the benchmarks.

/** Package aliases for esbuild (`alias`), which also rewrites subpaths (`react/jsx-runtime`). */
export const reactAliases = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
}

/** The same for @rollup/plugin-alias, subpaths spelled out. */
export const reactAliasEntries = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]
