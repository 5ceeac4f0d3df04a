import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { registerPageBundles } from './page-bundles'

const root = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Serves the demo pages, the built bundle and `/version.txt`. Unknown non-API paths answer with the
 * standalone console so its history routing can take them (SPEC §2 sends them to /login).
 */
export async function registerStatic(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  await app.register(fastifyStatic, { root: `${root}dist`, prefix: '/dist/', cacheControl: false })
  await app.register(fastifyStatic, {
    root: `${root}demo`,
    prefix: '/demo/',
    decorateReply: false,
    cacheControl: false,
  })
  const page = (name: string) => readFile(`${root}demo/${name}`, 'utf8')
  app.get('/version.txt', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain').send(version),
  )
  registerPageBundles(app)
  for (const name of ['crm.html', 'customer.html', 'test-agent.html', 'feedback.html'])
    app.get(`/${name}`, async (_request, reply) => reply.type('text/html').send(await page(name)))
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !/\.[a-z0-9]+$/i.test(request.url)
    if (!wantsPage) return reply.code(404).send({ message: 'Not found', code: 404 })
    return reply.type('text/html').send(await page('index.html'))
  })
}
