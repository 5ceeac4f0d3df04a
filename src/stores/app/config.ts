import { atom, map } from 'nanostores'

/** How the console keeps its route: in the address bar (standalone page) or in memory (embedded). */
export type RoutingMode = 'history' | 'memory'

/**
 * Gives the console a fresh access token of the agent the host page has already signed in, or null when
 * nobody is signed in. Called when the console starts and whenever it needs a new token (expiry, a 401).
 */
export type TokenProvider = () => Promise<string | null> | string | null

/** Session-wide configuration, shared by every element on the page. */
export interface ConsoleConfig {
  /** Base URL of the REST API, e.g. `/api` or `https://api.example.com/api`. */
  apiUrl: string
  /** Origin of the realtime server; empty means the page's own origin. */
  socketUrl: string
  /** Language override (`en`, `es`, `fr`); empty follows the browser. */
  lang: string
  /** Where the console keeps its route. */
  routing: RoutingMode
  /** Address of the terms and privacy policies the login's checkbox links to. */
  policiesUrl: string
}

/** What `configure()` accepts: any configuration key, and the host's token provider. */
export interface ConfigureOptions extends Partial<ConsoleConfig> {
  /**
   * The host page has signed the agent in: the console takes its access tokens from this callback
   * instead of its login (nothing is stored in Web Storage). `null` removes it.
   */
  tokenProvider?: TokenProvider | null
}

/**
 * The origin the console's own files were served from, when that is not the page's: the console then
 * talks to that server by default, never to the host page's origin. Null on the page's own origin (or
 * when the files were bundled into the host's own code).
 */
function consoleOrigin(): string | null {
  try {
    const own = new URL(import.meta.url)
    if (own.protocol !== 'http:' && own.protocol !== 'https:') return null
    if (typeof location !== 'undefined' && own.origin === location.origin) return null
    return own.origin
  } catch {
    return null
  }
}

function defaults(): ConsoleConfig {
  const origin = consoleOrigin()
  return {
    apiUrl: origin ? `${origin}/api` : '/api',
    socketUrl: origin ?? '',
    lang: '',
    routing: 'memory',
    policiesUrl: `${origin ?? ''}/demo/policies.html`,
  }
}

/**
 * Defaults that fit the reference server: the API, socket and policies page of the server the console's
 * files came from (the page's own origin when it serves them).
 */
export const DEFAULT_CONFIG: Readonly<ConsoleConfig> = Object.freeze(defaults())

/** The page's configuration. */
export const $config = map<ConsoleConfig>({ ...DEFAULT_CONFIG })

/** A token provider as handed in: a new object on every `configure()`, so handing the same function again is seen. */
export interface HostSession {
  provide: TokenProvider
}

/** The host page's token provider (session hand-off), null when the console signs agents in itself. */
export const $hostSession = atom<HostSession | null>(null)

let configuredFromElement = false
/** Keys set by `configure()`: the first element's attributes do not override them. */
const explicit = new Set<keyof ConsoleConfig>()

const KEYS: readonly (keyof ConsoleConfig)[] = ['apiUrl', 'socketUrl', 'lang', 'routing', 'policiesUrl']

/**
 * Sets configuration explicitly. Later calls override earlier ones and any element attributes. Call it
 * before the elements are defined (`defineElements()`) so that nothing connects with the defaults.
 *
 * @example
 * configure({ apiUrl: 'https://api.example.com/api', lang: 'es' })
 */
export function configure(options: ConfigureOptions): void {
  for (const key of KEYS) {
    const value = options[key]
    if (typeof value !== 'string') continue
    explicit.add(key)
    $config.setKey(key, value as never)
  }
  if (options.tokenProvider !== undefined) {
    if (options.tokenProvider !== null && typeof options.tokenProvider !== 'function')
      throw new TypeError('agent-console: tokenProvider must be a function')
    $hostSession.set(options.tokenProvider ? { provide: options.tokenProvider } : null)
  }
}

/**
 * Takes configuration from the attributes of the first element connected to the page, before it renders
 * (so before anything connects); later elements do not change it (one session per page), and keys set
 * by `configure()` keep their value.
 */
export function configureFromAttributes(
  attributes: Partial<Record<keyof ConsoleConfig, string | null>>,
): void {
  if (configuredFromElement) return
  configuredFromElement = true
  const { apiUrl, socketUrl, lang, routing } = attributes
  const free = (key: keyof ConsoleConfig) => !explicit.has(key)
  if (apiUrl && free('apiUrl')) $config.setKey('apiUrl', apiUrl)
  if (socketUrl && free('socketUrl')) $config.setKey('socketUrl', socketUrl)
  if (lang && free('lang')) $config.setKey('lang', lang)
  if ((routing === 'history' || routing === 'memory') && free('routing')) $config.setKey('routing', routing)
}

/** The session the host handed in ended: its provider is not asked again until it is handed in anew. */
export function forgetHostSession(): void {
  $hostSession.set(null)
}

/** Sets the language of the whole session (a `lang` attribute changed on any element). */
export function setLanguageOverride(lang: string): void {
  $config.setKey('lang', lang)
}

/** Back to defaults; for tests and logout of an embedding page. */
export function resetConfig(): void {
  configuredFromElement = false
  explicit.clear()
  $config.set({ ...DEFAULT_CONFIG })
  $hostSession.set(null)
}
