import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyHelmet from '@fastify/helmet'

/** Where browsers report a violation of the policy (`POST`, JSON). */
export const CSP_REPORT_PATH = '/api/csp-report'

/**
 * Where the virtual background's worker is served (scripts/virtual-background-assets.mjs). A worker runs
 * under the policy of its own script's answer, and this one compiles MediaPipe's WebAssembly runtime:
 * these answers alone get `'wasm-unsafe-eval'` (WebAssembly compilation only; `eval` stays forbidden).
 */
export const WASM_WORKER_PATH = /^\/dist\/(cdn|npm)\/virtual-background\/worker\.js$/

/** One year, the HSTS lifetime browsers' preload lists ask for. */
const HSTS_SECONDS = 365 * 24 * 60 * 60

const nonces = new WeakMap<ServerResponse, string>()

/**
 * The style nonce of this response: the pages carry it on their `<style>` elements and in
 * `<meta name="csp-nonce">`, where FullCalendar reads it for the `<style>` it adds to a shadow root.
 */
export function styleNonceOf(reply: FastifyReply): string {
  return nonceOf(reply.raw)
}

/** A nonce as {@link styleNonceOf} makes them: 16 random bytes in base64. */
const NONCE = /^[A-Za-z0-9+/]{22}==$/

/**
 * Makes `nonce`, the one of the browser's stored copy of a page (named by its `If-None-Match`), the style
 * nonce of this response and of its Content-Security-Policy; false when it is not a nonce. A page answered
 * 304 is that stored copy, whose `<style>` elements carry the earlier nonce, and the browser takes the
 * policy of the 304 in place of the stored one. The browser was sent that nonce with the page: giving it
 * back to the same browser reveals nothing.
 */
export function keepStyleNonce(reply: FastifyReply, nonce: string): boolean {
  if (!NONCE.test(nonce)) return false
  const policy = reply.getHeader('content-security-policy')
  if (typeof policy === 'string')
    reply.header(
      'content-security-policy',
      policy.replaceAll(`'nonce-${nonceOf(reply.raw)}'`, `'nonce-${nonce}'`),
    )
  nonces.set(reply.raw, nonce)
  return true
}

function nonceOf(response: ServerResponse): string {
  let nonce = nonces.get(response)
  if (!nonce) {
    nonce = randomBytes(16).toString('base64')
    nonces.set(response, nonce)
  }
  return nonce
}

/** What the headers depend on. */
export interface SecurityHeadersOptions {
  /** Origins allowed to frame the pages besides the server's own (`FRAME_ANCESTORS`). */
  frameAncestors: readonly string[]
  /** The public URL: https there means HSTS even when a proxy ahead of the server ends TLS. */
  publicUrl: () => string
  /**
   * Origins whose pages run the console (`ALLOWED_ORIGINS`): they may also frame the widgets the console
   * opens in a frame of its own (`FRAMED_WIDGET_PATH`), whatever `FRAME_ANCESTORS` says of the other pages.
   */
  consoleOrigins?: readonly string[]
}

/** The pages the console shows in a frame (the feedback widget): framed by every page that runs it. */
export const FRAMED_WIDGET_PATH = /^\/feedback\.html$/

/**
 * The security headers of every answer (`@fastify/helmet`): a Content-Security-Policy with no inline
 * script and no `eval` (styles from files, constructable stylesheets, or `<style>` carrying this
 * response's nonce), `frame-ancestors` from configuration, `nosniff`, `Referrer-Policy: no-referrer`, and
 * HSTS when the page was reached over TLS.
 *
 * @example
 * await registerSecurityHeaders(fastify, { frameAncestors: ['https://crm.example.com'], publicUrl: () => url })
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const nonceSource = (_request: IncomingMessage, response: ServerResponse) => `'nonce-${nonceOf(response)}'`
  const framing = options.frameAncestors.filter((origin) => origin !== '*')
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonceSource],
        styleSrcAttr: ["'none'"],
        // Shoelace resolves its icons from data: URLs of the bundle; photos and shots are blobs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', 'mediastream:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: options.frameAncestors.includes('*') ? ['*'] : ["'self'", ...framing],
        reportUri: [CSP_REPORT_PATH],
      },
    },
    // frame-ancestors says who may frame; X-Frame-Options cannot name a CRM's origin.
    xFrameOptions: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    // The bundle's modules and chunks are loaded by the pages of allowed origins too (CORS decides who reads).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Opening the identity provider and coming back must keep working; popups are not used.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  })
  const widgetAncestors = (options.consoleOrigins ?? []).filter(
    (origin) => origin !== '*' && !framing.includes(origin),
  )
  app.addHook('onSend', async (request, reply) => {
    if (widgetAncestors.length === 0 || options.frameAncestors.includes('*')) return
    if (!FRAMED_WIDGET_PATH.test(request.url.split('?')[0] ?? '')) return
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.header(
        'content-security-policy',
        policy.replace(/frame-ancestors ([^;]*)/, (_all, sources: string) =>
          ['frame-ancestors', sources.trim(), ...widgetAncestors].join(' '),
        ),
      )
  })
  app.addHook('onSend', async (request, reply) => {
    if (!WASM_WORKER_PATH.test(request.url.split('?')[0] ?? '')) return
    const policy = reply.getHeader('content-security-policy')
    if (typeof policy === 'string')
      reply.header(
        'content-security-policy',
        policy.replace(/script-src 'self'/, "script-src 'self' 'wasm-unsafe-eval'"),
      )
  })
  app.addHook('onRequest', async (request, reply) => {
    const tls = request.protocol === 'https' || options.publicUrl().startsWith('https://')
    if (tls) reply.header('strict-transport-security', `max-age=${HSTS_SECONDS}; includeSubDomains`)
  })
}
