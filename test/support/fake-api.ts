/**
 * A fake HTTP server for browser tests of the layers above the http service: it replaces the page's
 * `fetch` (the network boundary), answers by method and path, and records every request.
 */

/** A request the fake server saw. */
export interface SeenRequest {
  method: string
  /** Path and query, e.g. `/api/auth/login`. */
  path: string
  /** The bearer token, if any. */
  token: string | null
  body: unknown
  headers: Headers
}

/** What a route answers. */
export interface FakeReply {
  status: number
  body?: unknown
  /** Answer with plain text instead of JSON. */
  text?: string
  /** Response headers beside the content type (`retry-after`). */
  headers?: Record<string, string>
}

type Handler = (request: SeenRequest) => FakeReply | Promise<FakeReply>

/** The fake server: add routes, read what it saw, restore the real fetch. */
export interface FakeApi {
  /** Answers `METHOD /path` (path without the query); a later route for the same key replaces it. */
  route(method: string, path: string, handler: Handler | FakeReply): void
  /** Every request so far. */
  requests: SeenRequest[]
  /** The requests to one path. */
  to(path: string): SeenRequest[]
  restore(): void
}

/**
 * Installs the fake server. Unknown routes answer 404.
 *
 * @example
 * const server = fakeApi()
 * server.route('POST', '/api/auth/login', { status: 401, body: { code: 401, message: 'Bad' } })
 */
export function fakeApi(): FakeApi {
  const original = window.fetch
  const routes = new Map<string, Handler>()
  const requests: SeenRequest[] = []
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin)
    // Bundled icons are data: URLs that Shoelace fetches: not the API.
    if (url.protocol === 'data:') return original(input, init)
    const headers = new Headers(init?.headers)
    let body: unknown = init?.body
    if (typeof body === 'string')
      try {
        body = JSON.parse(body)
      } catch {
        // Not JSON: keep the text.
      }
    const request: SeenRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname + url.search,
      token: headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
      body,
      headers,
    }
    requests.push(request)
    const handler = routes.get(`${request.method} ${url.pathname}`)
    const reply = handler
      ? await handler(request)
      : { status: 404, body: { code: 404, message: 'Not found' } }
    if (reply.status === 0) throw new TypeError('Failed to fetch')
    if (reply.text !== undefined)
      return new Response(reply.text, { status: reply.status, headers: { ...reply.headers } })
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    })
  }) as typeof fetch
  return {
    route(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, typeof handler === 'function' ? handler : () => handler)
    },
    requests,
    to: (path) => requests.filter((request) => request.path.split('?')[0] === path),
    restore: () => {
      window.fetch = original
    },
  }
}
