import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyReply } from 'fastify'
import { entityTagsOf, sendNotModified, strongEntityTag } from './entity-tags'
import { keepStyleNonce, styleNonceOf } from './security-headers'

const demo = fileURLToPath(new URL('../../demo/', import.meta.url))

/**
 * The demo pages the server sends. `test` ones exist only outside production, at their own route;
 * `demo` ones (the stand-in for an account's dashboard) only outside production, at both routes.
 */
export const PAGES: ReadonlyArray<{ name: string; test: boolean; demo?: boolean }> = [
  { name: 'index.html', test: false },
  { name: 'customer.html', test: false },
  { name: 'policies.html', test: false },
  { name: 'feedback.html', test: false },
  { name: 'dashboard.html', test: false, demo: true },
  { name: 'crm.html', test: true },
  { name: 'test-agent.html', test: true },
]

/**
 * Puts this response's style nonce on the page: on every `<style>` element, and in
 * `<meta name="csp-nonce">` at the top of `<head>` for libraries that add their own `<style>` later.
 */
export function withStyleNonce(html: string, nonce: string): string {
  return html
    .replace(/<style(?=[\s>])/g, `<style nonce="${nonce}"`)
    .replace(/<head>/, `<head>\n    <meta name="csp-nonce" content="${nonce}" />`)
}

/**
 * A page's entity tag: the hash of its file and the style nonce the copy was sent with. Two answers of
 * one page differ by their nonce alone, so the tag carries it: a revisit names it, and gets a 304 under
 * that same nonce (`keepStyleNonce`) while the page's file is unchanged.
 */
const pageTag = (file: string, nonce: string) => `"${file}.${nonce}"`

/** The nonce of the browser's copy of the page whose file hashes to `file`, from `If-None-Match`. */
function keptNonce(ifNoneMatch: string | undefined, file: string): string | null {
  const prefix = `"${file}.`
  const tag = entityTagsOf(ifNoneMatch).find((candidate) => candidate.startsWith(prefix))
  return tag?.endsWith('"') ? tag.slice(prefix.length, -1) : null
}

/**
 * Sends a demo page (HTML) with this response's style nonce, or a 304 when the browser's copy is of the
 * page's current file. `no-cache`: the browser asks at each visit (a deploy changes the page); `private`:
 * a shared cache (a CDN) keeps no copy, which would hand one nonce to every visitor.
 *
 * @example
 * app.get('/customer.html', (_request, reply) => sendPage(reply, 'customer.html'))
 */
export async function sendPage(reply: FastifyReply, name: string): Promise<FastifyReply> {
  const html = await readFile(`${demo}${name}`, 'utf8')
  const file = strongEntityTag(html).slice(1, -1)
  reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache')
  const kept = keptNonce(reply.request.headers['if-none-match'], file)
  if (kept !== null && keepStyleNonce(reply, kept))
    return sendNotModified(reply.header('etag', pageTag(file, kept)), { keepPolicy: true })
  const nonce = styleNonceOf(reply)
  return reply.header('etag', pageTag(file, nonce)).send(withStyleNonce(html, nonce))
}
