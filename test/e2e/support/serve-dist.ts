import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { FastifyInstance } from 'fastify'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.map': 'application/json',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
}

/**
 * Serves `/dist/*` from another copy of the built bundle (before the server's own static files), so a
 * rebuild of `dist/` while a run goes on cannot pull chunks from under a page.
 *
 * @example
 * serveDist(app.fastify, '/tmp/dist-copy')
 */
export function serveDist(fastify: FastifyInstance, distDir: string): void {
  const root = normalize(distDir)
  fastify.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (!path.startsWith('/dist/')) return
    const file = normalize(join(root, path.slice('/dist/'.length)))
    if (!file.startsWith(root)) return reply.code(404).send()
    try {
      const body = await readFile(file)
      return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(body)
    } catch {
      return reply.code(404).send()
    }
  })
}
