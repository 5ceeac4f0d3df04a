import { DEMO_SSO_IDENTITY } from '../../../server/demo-idp/demo-sso'

/** A browser's worth of redirects and cookies, by hand (fetch keeps no cookies), for SSO flows. */
export class SsoBrowser {
  readonly #cookies = new Map<string, string>()

  constructor(private readonly headers: Record<string, string> = {}) {}

  /** One request, sending and keeping the cookies of its host; redirects are not followed. */
  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).host
    const cookie = [...this.#cookies].filter(([key]) => key.startsWith(`${host} `))
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(init.headers as Record<string, string>),
        cookie: cookie.map(([key, value]) => `${key.slice(host.length + 1)}=${value}`).join('; '),
      },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', ...value] = pair.split('=')
      this.#cookies.set(`${host} ${name.trim()}`, value.join('='))
    }
    return response
  }

  /** Follows redirects until a page or a URL matching `stop`. */
  async follow(url: string, stop: (url: string) => boolean): Promise<{ url: string; response: Response }> {
    let current = url
    for (let hops = 0; hops < 10; hops++) {
      if (stop(current)) return { url: current, response: new Response(null) }
      const response = await this.get(current)
      const location = response.headers.get('location')
      if (!location) return { url: current, response }
      current = new URL(location, current).toString()
    }
    throw new Error('too many redirects')
  }

  /**
   * Goes from the server's SSO start `location` through the demo provider's sign-in (the demo
   * identity) and back: resolves with the callback URL on `serverUrl`.
   */
  async signIn(location: string, serverUrl: string): Promise<string> {
    const { url } = await this.follow(location, () => false)
    const posted = await this.get(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: DEMO_SSO_IDENTITY.email,
        password: DEMO_SSO_IDENTITY.password,
      }).toString(),
    })
    const back = await this.follow(new URL(posted.headers.get('location') ?? '', url).toString(), (next) =>
      next.startsWith(serverUrl),
    )
    return back.url
  }
}
