// Small Rollup plugins of our own: locale files precompiled to ICU ASTs (so the bundle carries no
// message parser), engine.io without the transports the console never opens, and a size report of every
// entry and chunk.
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { parse } from '@formatjs/icu-messageformat-parser'

/** Turns `locales/*.json` imports into precompiled message ASTs. */
export function precompiledMessages() {
  return {
    name: 'precompiled-messages',
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}\.json$/.test(id)) return null
      const messages = JSON.parse(code)
      const ast = Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, parse(value)]))
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))})`, map: null }
    },
  }
}

const WEBSOCKET_ONLY = '\0engine.io-websocket-only'
const UNUSED_TRANSPORT =
  /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/](polling|polling-xhr|polling-fetch|webtransport)\.js$/

/**
 * engine.io-client with WebSocket alone: the console's socket asks for `transports: ['websocket']`
 * (services/socket.ts) and the server is WebSocket-only, so HTTP long-polling (XHR and fetch) and
 * WebTransport are never opened, and the self-contained build leaves them out. Two steps: the socket's
 * table of transports holds WebSocket only, and the other transports' modules are declared free of side
 * effects, so the package entry's re-exports of them (which socket.io-client passes on, unused) no longer
 * keep them: the XHR one probes XMLHttpRequest when it loads, which a bundler must otherwise keep.
 */
export function websocketOnlyEngine() {
  let websocket = null
  return {
    name: 'websocket-only-engine',
    async resolveId(source, importer, options) {
      if (!importer || !/[\\/]engine\.io-client[\\/]/.test(importer)) return null
      if (source === './transports/index.js' && /[\\/]build[\\/]esm[\\/]socket\.js$/.test(importer)) {
        websocket = join(dirname(importer), 'transports', 'websocket.js')
        return WEBSOCKET_ONLY
      }
      if (!/transports[\\/]|^\.\/polling/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !UNUSED_TRANSPORT.test(resolved.id)) return null
      return { ...resolved, moduleSideEffects: false }
    },
    load(id) {
      if (id !== WEBSOCKET_ONLY) return null
      return `import { WS } from ${JSON.stringify(websocket)}\nexport const transports = { websocket: WS }\n`
    },
  }
}

/**
 * The self-contained build's dynamic imports go through the console's `importChunk`
 * (src/services/chunk-import.ts), so an area whose chunk failed to load (a network cut) can be loaded
 * again: a browser never asks again for a module URL that failed. Each `import('./x.js')` between our
 * chunks is rendered as a call of the global that `installChunkImport` sets, with the chunk's absolute
 * URL, or as a plain `import()` of it when the global is not there yet. (The npm build leaves its
 * dynamic imports to the host's bundler, which loads chunks its own way.)
 */
export function retryableChunkImports() {
  const importer = '(globalThis[Symbol.for("agent-console.importChunk")]||(u=>import(u)))'
  return {
    name: 'retryable-chunk-imports',
    renderDynamicImport({ targetChunk }) {
      if (!targetChunk) return null
      return { left: `${importer}(new URL(`, right: ',import.meta.url).href)' }
    },
  }
}

/**
 * Fails the npm build when one of its chunks imports another only for its side effects: package.json's
 * `sideEffects` names the element entries alone, so a host's bundler may drop such an import.
 */
export function noSideEffectOnlyImports() {
  return {
    name: 'no-side-effect-only-imports',
    generateBundle(_options, bundle) {
      const problems = Object.values(bundle)
        .filter((file) => file.type === 'chunk')
        .flatMap((chunk) =>
          chunk.imports
            .filter((imported) => imported in bundle && !chunk.importedBindings[imported]?.length)
            .map((imported) => `${chunk.fileName} imports ${imported} only for its side effects`),
        )
      if (problems.length) this.error(`${problems.join('\n')}\n(use a binding of it instead)`)
    },
  }
}

/** Measures every JS file of the bundle, minified and gzipped. */
export function measure(bundle) {
  return Object.values(bundle)
    .filter((file) => file.type === 'chunk')
    .map((chunk) => ({
      file: chunk.fileName,
      entry: chunk.isEntry,
      dynamic: chunk.isDynamicEntry,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
      minified: Buffer.byteLength(chunk.code),
      gzipped: gzipSync(chunk.code, { level: 9 }).length,
    }))
    .sort((a, b) => a.file.localeCompare(b.file))
}

/** Prints each chunk's minified and gzipped size at the end of the build (`label`: which build). */
export function sizeReport(label = '') {
  return {
    name: 'size-report',
    generateBundle(_options, bundle) {
      const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`
      const rows = measure(bundle)
      console.log(
        `\n${(label ? `${label}: file` : 'file').padEnd(48)}${'minified'.padStart(10)}${'gzipped'.padStart(11)}`,
      )
      for (const row of rows) console.log(`${row.file.padEnd(48)}${kb(row.minified)}${kb(row.gzipped)}`)
    },
  }
}
