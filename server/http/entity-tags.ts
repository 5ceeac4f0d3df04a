import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'

/**
 * A strong entity tag of `bytes` (a hash of them): equal tags mean equal bytes.
 *
 * @example
 * reply.header('etag', strongEntityTag(body))
 */
export function strongEntityTag(bytes: string | Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`
}

/**
 * The tags an `If-None-Match` header lists, opaque parts compared as RFC 9110 says for it (weakly: a
 * `W/` prefix does not matter), or `*`.
 */
export function entityTagsOf(ifNoneMatch: string | undefined): string[] {
  if (!ifNoneMatch) return []
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean)
}

/**
 * Whether `If-None-Match` names `etag` (or is `*`): then the browser's copy is current and the answer
 * is a 304 without a body.
 *
 * @example
 * if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send()
 */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  return entityTagsOf(ifNoneMatch).some((tag) => tag === '*' || tag === etag)
}

/**
 * What a 304 keeps of the headers already set: the caching fields RFC 9110 (§15.4.5) lists, CORS (a
 * cross-origin page revalidates chunks too) and HSTS. The browser keeps the other headers of its stored
 * copy, so a 304 of a chunk or an entry is about 250 bytes instead of 900 (a warm reload makes a few).
 */
const KEPT_ON_304 =
  /^(cache-control|etag|vary|expires|content-location|date|strict-transport-security|access-control-.+)$/

/**
 * Answers 304 Not Modified with no body and only the headers a revalidation needs. `keepPolicy` keeps the
 * Content-Security-Policy too, where it governs what runs (a page, a script that may be a worker), so that
 * a change of policy reaches a browser whose copy of the file is unchanged.
 *
 * @example
 * if (matchesEntityTag(request.headers['if-none-match'], etag)) return sendNotModified(reply, { keepPolicy: true })
 */
export function sendNotModified(
  reply: FastifyReply,
  { keepPolicy = false }: { keepPolicy?: boolean } = {},
): FastifyReply {
  for (const name of Object.keys(reply.getHeaders()))
    if (!KEPT_ON_304.test(name) && !(keepPolicy && name === 'content-security-policy'))
      reply.removeHeader(name)
  return reply.code(304).send()
}
