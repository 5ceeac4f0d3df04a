import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyReply } from 'fastify'
import { styleNonceOf } from './security-headers'

const demo = fileURLToPath(new URL('../../demo/', import.meta.url))

/** The demo pages the server sends; `test` ones exist only outside production. */
export const PAGES: ReadonlyArray<{ name: string; test: boolean }> = [
  { name: 'index.html', test: false },
  { name: 'customer.html', test: false },
  { name: 'policies.html', test: false },
  { name: 'feedback.html', test: false },
  { name: 'dashboard.html', test: false },
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
 * Sends a demo page (HTML) with this response's style nonce.
 *
 * @example
 * app.get('/customer.html', (_request, reply) => sendPage(reply, 'customer.html'))
 */
export async function sendPage(reply: FastifyReply, name: string): Promise<FastifyReply> {
  const html = await readFile(`${demo}${name}`, 'utf8')
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(withStyleNonce(html, styleNonceOf(reply)))
}
