import Fastify, { type FastifyInstance } from 'fastify'
import { registerStatic } from './http/static'

/** What the server is built from; tests pass their own. */
export interface ApplicationOptions {
  /** Text of /version.txt. */
  version: string
  /** Log requests (off in tests). */
  logger?: boolean
}

/**
 * Builds the reference server: HTTP routes and static pages on one Fastify instance.
 *
 * @example
 * const app = await createApplication({ version: '1.0.0' })
 * await app.listen({ port: 0 })
 */
export async function createApplication(options: ApplicationOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false })
  await registerStatic(app, { version: options.version })
  return app
}
