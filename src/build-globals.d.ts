/** The console's version, replaced by the bundlers (rollup.config.mjs, web-test-runner.config.mjs). */
declare const __CONSOLE_VERSION__: string | undefined
