import type { FastifyInstance } from 'fastify'
import fastifyCors from '@fastify/cors'
import type { OriginPolicy } from './origins'

/** Headers a page of another origin may send: JSON bodies, the bearer token and the login redirect. */
const ALLOWED_HEADERS = ['content-type', 'authorization', 'x-redirect', 'x-refresh-transport']

/**
 * CORS for the pages of `ALLOWED_ORIGINS` (a CRM on another origin): the API, and the module files
 * and chunks of the bundle, which a `<script type="module">` fetches in CORS mode. Credentials are
 * allowed so a console on a sibling origin of the same site can renew through the refresh cookie.
 * Any other origin gets no CORS header, so its pages cannot read an answer.
 */
export async function registerCors(app: FastifyInstance, origins: OriginPolicy): Promise<void> {
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origins.listed(origin)),
    credentials: true,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['retry-after'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  })
}
