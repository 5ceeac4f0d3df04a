import redaxios, { type Response } from 'redaxios'
import * as v from 'valibot'
import { RETRY_AFTER_429_MS } from '../constants'
import { delay } from './clock'

/** A failed HTTP call as the console handles it: the status (0 when there was no response) and a message. */
export class HttpError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** The error body's machine reason or field errors, when the server sent them. */
    readonly body: unknown = undefined,
    /** Seconds the server asks to wait before trying again (its `retry-after`), when it says. */
    readonly retryAfter: number | null = null,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** How the client reaches the session it works for. */
export interface HttpClientOptions {
  /** Base URL of the API, read on every call (configuration can change). */
  baseUrl: () => string
  /** The current access token, or null when signed out. */
  accessToken: () => string | null
  /** Gets a new access token (refresh). Rejects when the session cannot be renewed. */
  renew: () => Promise<string>
  /**
   * Whether a token is known to be expired or about to be: it is renewed before the call, which the server
   * would refuse (a 401 round trip, and a failed request in the browser's console). Unknown → false. An
   * empty token (a session restored after a reload) is always renewed first.
   */
  expiresSoon?: (token: string) => boolean
  /** Called when a renewal fails: the http-error event of SPEC §7. */
  onRenewFailed?: (error: HttpError) => void
  /** The fetch to use; tests hand in their own server. */
  fetch?: typeof fetch
}

/** One request. */
export interface RequestOptions<S extends v.GenericSchema | undefined> {
  /** JSON body for POST, PATCH, PUT. */
  body?: unknown
  /** Query string, already encoded (`?skip=0&limit=10`) or as pairs. */
  query?: string | Record<string, string | number | boolean | undefined>
  /** Validator of the response body; a body that does not match is an error, never passed on. */
  schema?: S
  /** False for the auth calls of SPEC §7, which carry no bearer token and are never renewed. */
  auth?: boolean
  /** Extra headers. */
  headers?: Record<string, string>
  /** `blob` for a file's bytes (no schema then); JSON by default. */
  responseType?: 'json' | 'blob'
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'
type Result<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown

/** The console's HTTP client. */
export interface HttpClient {
  request<S extends v.GenericSchema | undefined = undefined>(
    method: Method,
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>
  get<S extends v.GenericSchema | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>
  post<S extends v.GenericSchema | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>
  patch<S extends v.GenericSchema | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>
  delete<S extends v.GenericSchema | undefined = undefined>(
    path: string,
    options?: RequestOptions<S>,
  ): Promise<Result<S>>
  /** Renews the token once for every caller waiting at the same moment. */
  renewOnce(): Promise<string>
}

/** Most 429s clear after one wait; a server still refusing after this many is reported. */
const MAX_RATE_LIMIT_RETRIES = 3

function queryString(query: RequestOptions<undefined>['query']): string {
  if (!query) return ''
  if (typeof query === 'string') return query
  const pairs = Object.entries(query).filter(([, value]) => value !== undefined)
  return pairs.length
    ? `?${new URLSearchParams(pairs.map(([k, value]) => [k, String(value)])).toString()}`
    : ''
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** A `retry-after` in seconds; an HTTP date or anything else is not read (null). */
function retryAfterOf(response: Partial<Response<unknown>>): number | null {
  const header = response.headers?.get('retry-after')?.trim()
  return header && /^\d+$/.test(header) ? Number(header) : null
}

function toHttpError(failure: unknown): HttpError {
  if (failure instanceof HttpError) return failure
  const response = failure as Partial<Response<unknown>> | undefined
  if (response && typeof response.status === 'number') {
    const data = response.data as { message?: unknown } | undefined
    const message = typeof data?.message === 'string' ? data.message : (response.statusText ?? '')
    return new HttpError(response.status, message, response.data, retryAfterOf(response))
  }
  // fetch rejects without a response when the network or the server is down.
  return new HttpError(0, failure instanceof Error ? failure.message : String(failure))
}

/**
 * Makes the HTTP client: bearer token on every call but the auth ones; a missing token or one known to
 * be expiring is renewed first, and calls made during a renewal wait for it; a 401 renews the token and retries; a 429 waits 1 s, renews and retries. Any number of
 * concurrent 401s make one renewal.
 *
 * @example
 * const http = createHttpClient({ baseUrl: () => '/api', accessToken: () => token, renew })
 * const services = await http.get('/services', { schema: ServicesResponseSchema })
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  let renewing: Promise<string> | null = null

  function renewOnce(): Promise<string> {
    renewing ??= options.renew().then(
      (token) => {
        renewing = null
        return token
      },
      (failure: unknown) => {
        renewing = null
        const error = toHttpError(failure)
        options.onRenewFailed?.(error)
        throw error
      },
    )
    return renewing
  }

  async function send(
    method: Method,
    url: string,
    request: RequestOptions<v.GenericSchema | undefined>,
    token: string | null,
  ) {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    if (token) headers.authorization = `Bearer ${token}`
    const response = await redaxios<unknown>({
      url,
      method,
      headers,
      ...(request.responseType === 'blob' ? { responseType: 'blob' as const } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(request.body === undefined ? {} : { data: request.body as object }),
    })
    return response.data as unknown
  }

  async function request<S extends v.GenericSchema | undefined>(
    method: Method,
    path: string,
    request: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    const auth = request.auth ?? true
    const url = joinUrl(options.baseUrl(), path) + queryString(request.query)
    let token = auth ? options.accessToken() : null
    // A renewal under way replaces the token: this call waits for it rather than send one that is going.
    if (token !== null && renewing) token = await renewing
    // No token yet (a reload: it is never stored) or one at its end: renewed first, once for every
    // call that starts meanwhile, so that the server refuses none of them (issue 69: 16 × 401 a reload).
    else if (token === '' || (token !== null && options.expiresSoon?.(token))) token = await renewOnce()
    let renewedAfter401 = false
    for (let rateLimited = 0; ;) {
      try {
        const data = await send(method, url, request, token)
        if (!request.schema) return data as Result<S>
        const parsed = v.safeParse(request.schema, data)
        if (parsed.success) return parsed.output as Result<S>
        console.warn(
          '[agent-console] dropped a malformed response',
          method.toUpperCase(),
          path,
          parsed.issues,
        )
        throw new HttpError(502, 'Malformed response from the server', data)
      } catch (failure) {
        const error = toHttpError(failure)
        if (auth && error.status === 401 && !renewedAfter401) {
          renewedAfter401 = true
          const current = options.accessToken()
          // Signed out meanwhile (a failed renewal logs out): nothing to retry with.
          if (current === null) throw error
          // Another call renewed while this one was in flight: retry with its token, do not renew again.
          token = current !== token ? current : await renewOnce()
          continue
        }
        if (error.status === 429 && rateLimited < MAX_RATE_LIMIT_RETRIES) {
          rateLimited += 1
          await delay(RETRY_AFTER_429_MS)
          if (auth) token = await renewOnce()
          continue
        }
        throw error
      }
    }
  }

  return {
    request,
    get: (path, o) => request('get', path, o),
    post: (path, o) => request('post', path, o),
    patch: (path, o) => request('patch', path, o),
    delete: (path, o) => request('delete', path, o),
    renewOnce,
  }
}
