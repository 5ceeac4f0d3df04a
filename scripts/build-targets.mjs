// What differs between the two builds (rollup.config.mjs): which packages the npm build leaves as imports,
// and which module swaps the self-contained (cdn) build makes to carry only what the console calls.
import { readFileSync } from 'node:fs'

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))

/**
 * The packages the npm build imports instead of bundling: the peer dependencies (React) and the run-time
 * dependencies a host may already have. Exactly `dependencies` + `peerDependencies`, so what the package
 * declares is what its build imports.
 */
export const npmExternals = [
  ...Object.keys(manifest.peerDependencies ?? {}),
  ...Object.keys(manifest.dependencies ?? {}),
]

/** Whether a module id is one of `npmExternals` or a subpath of one (`react-dom/client`). */
export function isNpmExternal(id) {
  return npmExternals.some((name) => id === name || id.startsWith(`${name}/`))
}

/** Whether an external import registers something when evaluated (a Shoelace component defines its tag). */
export function hasSideEffects(id) {
  return /^@shoelace-style\/shoelace\/dist\/(components|translations)\//.test(id)
}

/** Module swaps of the self-contained build, for @rollup/plugin-alias. */
export const cdnAliases = [
  // Messages are precompiled to ASTs (scripts/rollup-plugins.mjs): no ICU parser at run time.
  {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
  },
]
