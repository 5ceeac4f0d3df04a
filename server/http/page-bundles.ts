import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'esbuild'
import type { FastifyInstance } from 'fastify'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Scripts of the demo pages that are not part of the console bundle: built on first request, then kept. */
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
 * stand-in agent, whose source map is inline), bundled by esbuild on first request: simple-peer needs
 * Node's `process` and `Buffer` in the browser, so the shims of `scripts/browser-shims.js` are injected,
 * and the page's messages come from locales/*.json (`customerPageMessages`). esbuild is imported
 * lazily: a server that never serves the page never loads it.
 */
export function registerPageBundles(app: FastifyInstance, { devEndpoints }: { devEndpoints: boolean }): void {
  const built = new Map<string, Promise<string>>()
  const pages = devEndpoints ? { ...PAGES, ...DEV_PAGES } : PAGES
  for (const [path, entry] of Object.entries(pages))
    app.get(path, async (_request, reply) => {
      let code = built.get(path)
      if (!code) {
        code = bundle(entry)
        built.set(path, code)
        code.catch(() => built.delete(path))
      }
      return reply
        .type('text/javascript')
        .header('cache-control', 'no-cache')
        .send(await code)
    })
}

async function bundle(entry: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    inject: [`${root}scripts/browser-shims.js`],
    define: { global: 'globalThis', 'process.env.NODE_DEBUG': 'false' },
    plugins: [customerPageMessages()],
    minify: true,
    sourcemap: 'inline',
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error(`esbuild produced nothing for ${entry}`)
  return output.text
}
