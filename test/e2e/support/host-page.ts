import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A host page's server: another port, so another origin than the console's server. */
export interface HostSite {
  /** Its origin, e.g. http://127.0.0.1:41235 (a different site from the console's http://localhost:…). */
  origin: string
  /** Sets the HTML it answers at `/`. */
  setPage(html: string): void
  /** Every path the browser asked it for, in order. */
  requests: string[]
  /** Answers `path` with JSON from `handler` (the host's own backend, e.g. a token for its signed-in agent). */
  route(path: string, handler: () => Promise<unknown>): void
  /** Stops it. */
  close(): Promise<void>
}

/**
 * Starts a bare HTTP server that answers one HTML page at `/` (and 404 elsewhere) on 127.0.0.1, as a CRM
 * embedding the console would, and notes every request so a test can assert none went to its `/api`.
 */
export async function startHostSite(port?: number): Promise<HostSite> {
  let page = '<!doctype html><title>host</title>'
  const requests: string[] = []
  const routes = new Map<string, () => Promise<unknown>>()
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '')
    const handler = routes.get(request.url ?? '')
    if (handler) {
      handler().then(
        (body) => {
          response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
          response.end(JSON.stringify(body))
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' })
          response.end(String(error))
        },
      )
      return
    }
    if (request.method === 'GET' && (request.url === '/' || request.url?.startsWith('/?'))) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      response.end(page)
      return
    }
    response.writeHead(404, { 'content-type': 'text/plain' })
    response.end('not found')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Port 0 unless given: the system picks a free one as it binds (nothing can take it in between).
    server.listen(port ?? 0, '127.0.0.1', () => resolve())
  })
  const chosen = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${chosen}`,
    setPage: (html) => (page = html),
    route: (path, handler) => void routes.set(path, handler),
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
