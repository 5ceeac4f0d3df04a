import { map } from 'nanostores'

/** How the console keeps its route: in the address bar (standalone page) or in memory (embedded). */
export type RoutingMode = 'history' | 'memory'

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
}

/** Defaults that fit the reference server serving the demo page. */
export const DEFAULT_CONFIG: ConsoleConfig = { apiUrl: '/api', socketUrl: '', lang: '', routing: 'memory' }

/** The page's configuration. */
export const $config = map<ConsoleConfig>({ ...DEFAULT_CONFIG })

let configuredFromElement = false

/**
 * Sets configuration explicitly. Later calls override earlier ones and any element attributes.
 *
 * @example
 * configure({ apiUrl: 'https://api.example.com/api', lang: 'es' })
 */
export function configure(partial: Partial<ConsoleConfig>): void {
  configuredFromElement = true
  for (const [key, value] of Object.entries(partial) as [keyof ConsoleConfig, string][]) {
    if (value !== undefined) $config.setKey(key, value as never)
  }
}

/**
 * Takes configuration from the attributes of the first element connected to the page; later elements
 * do not change it (one session per page).
 */
export function configureFromAttributes(
  attributes: Partial<Record<keyof ConsoleConfig, string | null>>,
): void {
  if (configuredFromElement) return
  configuredFromElement = true
  const { apiUrl, socketUrl, lang, routing } = attributes
  if (apiUrl) $config.setKey('apiUrl', apiUrl)
  if (socketUrl) $config.setKey('socketUrl', socketUrl)
  if (lang) $config.setKey('lang', lang)
  if (routing === 'history' || routing === 'memory') $config.setKey('routing', routing)
}

/** Sets the language of the whole session (a `lang` attribute changed on any element). */
export function setLanguageOverride(lang: string): void {
  $config.setKey('lang', lang)
}

/** Back to defaults; for tests and logout of an embedding page. */
export function resetConfig(): void {
  configuredFromElement = false
  $config.set({ ...DEFAULT_CONFIG })
}
