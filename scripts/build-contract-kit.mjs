// Bundles the conformance kit (conformance/cli.ts with src/protocol, valibot and socket.io-client)
// into one Node 20 ES module, dist/contract-kit/index.mjs, which bin/agent-console-contract.mjs runs.
import { build } from 'esbuild'

/**
 * Builds the kit to `outfile`.
 *
 * @param {string} outfile
 */
export async function buildContractKit(outfile) {
  await build({
    entryPoints: [new URL('../conformance/cli.ts', import.meta.url).pathname],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // ws's optional native speed-ups: absent, ws falls back to plain JavaScript.
    external: ['bufferutil', 'utf-8-validate'],
    // Bundled CommonJS (ws, engine.io-client) calls require(): give the module one.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildContractKit(new URL('../dist/contract-kit/index.mjs', import.meta.url).pathname)
