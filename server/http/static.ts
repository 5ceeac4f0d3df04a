import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { registerPageBundles } from './page-bundles'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** Demo pages of the end-to-end tests only: served with the development endpoints on, never else. */
const DEV_PAGES = new Set(['test-agent.html'])

/** A URL path as the file server will read it (it decodes `%2D` and the like). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/**
 * Serves the demo pages, the self-contained build (`dist/cdn/`, React inside: what a page loads with one
 * `<script type="module">`) under `/dist/cdn/`, and `/version.txt`. Unknown non-API paths answer with the
 * standalone console so its history routing can take them (SPEC §2 sends them to /login). The
 * test-only pages exist only with `devEndpoints`.
 */
export async function registerStatic(
  app: FastifyInstance,
  { version, devEndpoints }: { version: string; devEndpoints: boolean },
): Promise<void> {
  await app.register(fastifyStatic, { root: `${root}dist/cdn`, prefix: '/dist/cdn/', cacheControl: false })
  await app.register(fastifyStatic, {
    root: `${root}demo`,
    prefix: '/demo/',
    decorateReply: false,
    cacheControl: false,
    // Test-only pages have their own route below (with the development endpoints), never this one.
    allowedPath: (path) => !DEV_PAGES.has(basename(decodedPath(path))),
  })
  const page = (name: string) => readFile(`${root}demo/${name}`, 'utf8')
  app.get('/version.txt', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain').send(version),
  )
  registerPageBundles(app, { devEndpoints })
  const pages = ['crm.html', 'customer.html', ...(devEndpoints ? DEV_PAGES : [])]
  for (const name of pages)
    app.get(`/${name}`, async (_request, reply) => reply.type('text/html').send(await page(name)))
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !/\.[a-z0-9]+$/i.test(request.url)
    if (!wantsPage) return reply.code(404).send({ message: 'Not found', code: 404 })
    return reply.type('text/html').send(await page('index.html'))
  })
}
