import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { IMMUTABLE, REVALIDATE, isHashedChunk, registerBuiltFiles } from './built-files'
import { matchesEntityTag, sendNotModified, strongEntityTag } from './entity-tags'
import { registerPageBundles } from './page-bundles'
import { PAGES, sendPage } from './pages'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Serves the demo pages, the self-contained build (`dist/cdn/`, React inside: what a page loads with one
 * `<script type="module">`) under `/dist/cdn/`, and `/version.txt`. Unknown non-API paths answer with the
 * standalone console so its history routing can take them (SPEC §2 sends them to /login). Pages go
 * through `sendPage` (each answer's style nonce); test pages only with `devEndpoints` (never in
 * production), and only at their own route, never under /demo/; the demo dashboard and the page
 * scripts' source maps only with `devEndpoints` too. `prebuildPages` bundles the page scripts
 * at start (production) rather than at first request. Caching (docs/deployment.md, "Caching and
 * compression"): the build's hashed chunks are immutable; entries, pages, demo files and /version.txt are
 * `no-cache` with an entity tag; files go out in the Brotli or gzip copy the build wrote beside them.
 */
export async function registerStatic(
  app: FastifyInstance,
  {
    version,
    devEndpoints,
    prebuildPages = false,
  }: { version: string; devEndpoints: boolean; prebuildPages?: boolean },
): Promise<void> {
  registerBuiltFiles(app, {
    root: `${root}dist/cdn`,
    prefix: '/dist/cdn/',
    policy: (path) => (isHashedChunk(path) ? IMMUTABLE : REVALIDATE),
  })
  const pages = PAGES.filter((page) => devEndpoints || !(page.test || page.demo))
  registerBuiltFiles(app, {
    root: `${root}demo`,
    prefix: '/demo/',
    policy: () => REVALIDATE,
    // Pages need their nonce: they are answered by sendPage below, never as raw files.
    excluded: (path) => path.toLowerCase().endsWith('.html'),
  })
  const versionTag = strongEntityTag(version)
  app.get('/version.txt', async (request, reply) => {
    reply.header('cache-control', REVALIDATE).header('etag', versionTag).type('text/plain; charset=utf-8')
    if (matchesEntityTag(request.headers['if-none-match'], versionTag)) return sendNotModified(reply)
    return reply.send(version)
  })
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
