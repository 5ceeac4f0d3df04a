/**
 * What the build stamps into the console: its version from package.json (Rollup's and the test
 * bundler's `__CONSOLE_VERSION__`, declared in src/build-globals.d.ts); `development` when run from
 * source without a stamp.
 */

/** The console's version, as package.json said when it was built. */
export const CONSOLE_VERSION: string =
  typeof __CONSOLE_VERSION__ === 'string' ? __CONSOLE_VERSION__ : 'development'
