/** Which web pages may use the API, the socket and the bundle. */
export interface OriginPolicy {
  /**
   * Whether a request from a page of `origin` is allowed, `host` being the request's Host header: no
   * Origin (not a browser page), the server's own origin, or one of `ALLOWED_ORIGINS`.
   */
  allows(origin: string | undefined, host: string | undefined): boolean
  /** Whether `origin` is one of the configured other origins (what CORS answers for). */
  listed(origin: string): boolean
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The origin policy of `ALLOWED_ORIGINS`. The server's own origin (the public URL's, or the Host the
 * request was sent to) is always allowed; `*` (development only, `readConfig` refuses it in production)
 * allows every origin.
 *
 * @example
 * const origins = originPolicy(['https://crm.example.com'], () => 'https://console.example.com')
 * origins.allows('https://evil.example', 'console.example.com') // false
 */
export function originPolicy(allowed: readonly string[], publicUrl: () => string): OriginPolicy {
  const any = allowed.includes('*')
  const listed = new Set(allowed)
  return {
    listed: (origin) => any || listed.has(origin),
    allows(origin, host) {
      // Browsers always send Origin on WebSocket handshakes and cross-origin calls; other clients are not pages.
      if (origin === undefined) return true
      if (any || listed.has(origin)) return true
      const own = originOf(publicUrl())
      if (own !== null && own === origin) return true
      const parsed = originOf(origin)
      return parsed !== null && host !== undefined && new URL(parsed).host === host.toLowerCase()
    },
  }
}
