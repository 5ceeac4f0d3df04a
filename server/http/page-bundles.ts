import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'
import type { FastifyInstance } from 'fastify'
import { pageScript, sendPageScript, type PageScript } from './page-script'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Scripts of the demo pages that are not part of the console bundle: built once, then kept. */
const PAGES: Record<string, string> = {
  '/customer.js': 'server/customer-page/main.ts',
}

/** The end-to-end tests' stand-in agent: served only with the development endpoints on. */
const DEV_PAGES: Record<string, string> = {
  '/test-agent.js': 'server/customer-page/test-agent.ts',
}

/** The customer page's messages, a virtual module (declared in server/customer-page/messages.d.ts). */
const MESSAGES_MODULE = 'customer-page:messages'
const MESSAGE_PREFIX = 'customerPage.'
const LANGUAGES = ['en', 'es', 'fr'] as const

/**
 * esbuild plugin: `customer-page:messages` becomes `{ en, es, fr }` of the `customerPage.` messages of
 * locales/*.json, read when the page is bundled. The page carries its own messages, not the console's.
 */
function customerPageMessages(): Plugin {
  return {
    name: 'customer-page-messages',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^customer-page:messages$/ }, () => ({
        path: MESSAGES_MODULE,
        namespace: 'customer-page-messages',
      }))
      esbuild.onLoad({ filter: /.*/, namespace: 'customer-page-messages' }, async () => {
        const byLanguage = Object.fromEntries(
          await Promise.all(
            LANGUAGES.map(async (language) => {
              const file = `${root}locales/${language}.json`
              const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>
              const own = Object.entries(all).filter(([id]) => id.startsWith(MESSAGE_PREFIX))
              return [language, Object.fromEntries(own)]
            }),
          ),
        )
        return { contents: JSON.stringify(byLanguage), loader: 'json' }
      })
    },
  }
}

/**
 * Serves the customer page's script (and, with the development endpoints on, the end-to-end tests'
 * stand-in agent), bundled by esbuild: simple-peer needs Node's `process` and `Buffer` in the browser,
 * so the shims of `scripts/browser-shims.js` are injected, and the page's messages come from
 * locales/*.json (`customerPageMessages`). Each is sent compressed, with an entity tag, and, with the
 * development endpoints on (never in production), its source map beside it (`/customer.js.map`: inline,
 * it made the script 2.3 MB where the code is 0.3 MB). With
 * `prebuild` (production), the pages are bundled as the server starts, so the first customer after a
 * start or a restart does not wait for esbuild; otherwise on first request (a server that never serves
 * a page never loads esbuild). A failed build is logged and tried again at the next request.
 */
export function registerPageBundles(
  app: FastifyInstance,
  { devEndpoints, prebuild = false }: { devEndpoints: boolean; prebuild?: boolean },
): void {
  const built = new Map<string, Promise<PageScript>>()
  const pages = devEndpoints ? { ...PAGES, ...DEV_PAGES } : PAGES
  const build = (path: string, entry: string) => {
    const started = performance.now()
    const script = bundle(entry, path, devEndpoints)
    built.set(path, script)
    script.then(
      () => app.log.info({ page: path, ms: Math.round(performance.now() - started) }, 'page script built'),
      (error: unknown) => {
        built.delete(path)
        app.log.error({ page: path, err: error }, 'page script build failed')
      },
    )
    return script
  }
  const script = (path: string, entry: string) => built.get(path) ?? build(path, entry)
  for (const [path, entry] of Object.entries(pages)) {
    if (prebuild) void build(path, entry)
    app.get(path, async (request, reply) => sendPageScript(request, reply, await script(path, entry)))
    // Production publishes no source map: the customer page's sources stay the server's.
    if (devEndpoints)
      app.get(`${path}.map`, async (_request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .type('application/json')
          .send((await script(path, entry)).map),
      )
  }
}

/** Bundles `entry` into the script served at `path`, its source map (`withMap`) linked as `<path>.map`. */
async function bundle(entry: string, path: string, withMap: boolean): Promise<PageScript> {
  const { build } = await import('esbuild')
  const name = basename(path)
  const result = await build({
    entryPoints: [`${root}${entry}`],
    // Never written (`write: false`): it names the outputs, and the map's URL in the script.
    outfile: `${root}.page-scripts/${name}`,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    inject: [`${root}scripts/browser-shims.js`],
    define: { global: 'globalThis', 'process.env.NODE_DEBUG': 'false' },
    plugins: [customerPageMessages()],
    minify: true,
    sourcemap: withMap ? 'linked' : false,
    logLevel: 'silent',
  })
  const output = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix))?.text
  const code = output(name)
  const map = withMap ? output(`${name}.map`) : null
  if (code === undefined || map === undefined)
    throw new Error(`esbuild produced no script or map for ${entry}`)
  return pageScript(code, map)
}
