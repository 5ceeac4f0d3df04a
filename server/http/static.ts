import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { registerPageBundles } from './page-bundles'
import { PAGES, sendPage } from './pages'

const root = fileURLToPath(new URL('../../', import.meta.url))

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
 * standalone console so its history routing can take them (SPEC §2 sends them to /login). Pages go
 * through `sendPage` (each answer's style nonce); test pages only with `devEndpoints` (never in
 * production), and only at their own route, never under /demo/. `prebuildPages` bundles the page scripts
 * at start (production) rather than at first request.
 */
export async function registerStatic(
  app: FastifyInstance,
  {
    version,
    devEndpoints,
    prebuildPages = false,
  }: { version: string; devEndpoints: boolean; prebuildPages?: boolean },
): Promise<void> {
  await app.register(fastifyStatic, { root: `${root}dist/cdn`, prefix: '/dist/cdn/', cacheControl: false })
  const pages = PAGES.filter((page) => devEndpoints || !page.test)
  await app.register(fastifyStatic, {
    root: `${root}demo`,
    prefix: '/demo/',
    decorateReply: false,
    cacheControl: false,
    // Pages need their nonce: they are answered by sendPage below, never as raw files.
    allowedPath: (path) => !decodedPath(path).toLowerCase().endsWith('.html'),
  })
  app.get('/version.txt', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain').send(version),
  )
  registerPageBundles(app, { devEndpoints, prebuild: prebuildPages })
  for (const { name, test } of pages) {
    if (name !== 'index.html') app.get(`/${name}`, async (_request, reply) => sendPage(reply, name))
    if (!test) app.get(`/demo/${name}`, async (_request, reply) => sendPage(reply, name))
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !/\.[a-z0-9]+$/i.test(request.url)
    if (!wantsPage) return reply.code(404).send({ message: 'Not found', code: 404 })
    return sendPage(reply, 'index.html')
  })
}
