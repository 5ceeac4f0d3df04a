import { atom, computed } from 'nanostores'
import { $config } from '../app/config'

/** Every route of SPEC §2, by name. */
export type RouteName =
  | 'login'
  | 'login-claim'
  | 'password-reset'
  | 'password-forget'
  | 'home'
  | 'history'
  | 'recordings'
  | 'utilities'
  | 'profile'
  | 'profile-2fa'
  | 'profile-virtual-background'
  | 'profile-notifications'
  | 'profile-settings'
  | 'profile-recordings-backups'
  | 'unknown'

/** A matched route: its name and its parameters (the claim id). */
export interface Route {
  name: RouteName
  path: string
  params: Record<string, string>
}

const table: [RegExp, RouteName][] = [
  [/^\/login\/?$/, 'login'],
  [/^\/login\/claim\/(?<id>[^/]+)\/?$/, 'login-claim'],
  [/^\/password\/reset\/?$/, 'password-reset'],
  [/^\/password\/forget\/?$/, 'password-forget'],
  [/^\/$/, 'home'],
  [/^\/home\/?$/, 'history'],
  [/^\/history\/?$/, 'history'],
  [/^\/recordings\/?$/, 'recordings'],
  [/^\/utilities\/?$/, 'utilities'],
  [/^\/profile\/?$/, 'profile'],
  [/^\/profile\/2fa\/?$/, 'profile-2fa'],
  [/^\/profile\/virtual-background\/?$/, 'profile-virtual-background'],
  [/^\/profile\/notifications\/?$/, 'profile-notifications'],
  [/^\/profile\/settings\/?$/, 'profile-settings'],
  [/^\/profile\/recordings\/backups\/?$/, 'profile-recordings-backups'],
]

/** Routes anyone may open; no forced redirect to login happens from them (SPEC §2). */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'login',
  'login-claim',
  'password-reset',
  'password-forget',
]

/** Routes of the login screen: an authenticated user on one of them goes home. */
export const LOGIN_ROUTES: readonly RouteName[] = ['login', 'login-claim']

/** Finds the route of a path; an unmatched path is `unknown` (which the session sends to /login). */
export function matchRoute(path: string): Route {
  const clean = path.split(/[?#]/)[0] || '/'
  for (const [pattern, name] of table) {
    const found = pattern.exec(clean)
    if (found) return { name, path: clean, params: { ...found.groups } }
  }
  return { name: 'unknown', path: clean, params: {} }
}

function initialPath(): string {
  return $config.get().routing === 'history' && typeof location !== 'undefined' ? location.pathname : '/'
}

/** The current path: the address bar's in history mode, an in-memory one when embedded. */
export const $path = atom<string>('/')

/** The current route. */
export const $route = computed($path, matchRoute)

/**
 * Goes to a path. In history mode the address bar follows (`replace` for redirects, so Back does
 * not bounce the agent into them again).
 *
 * @example
 * navigate('/login', { replace: true })
 */
export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === $path.get()) return
  if ($config.get().routing === 'history') {
    if (replace) history.replaceState(null, '', path)
    else history.pushState(null, '', path)
  }
  $path.set(path)
}

let started = false

/** Starts following the address bar (history mode) or the initial in-memory path; once per page. */
export function startRouting(): () => void {
  $path.set(initialPath())
  if (started || $config.get().routing !== 'history') return () => {}
  started = true
  const onPop = () => $path.set(location.pathname)
  window.addEventListener('popstate', onPop)
  return () => {
    started = false
    window.removeEventListener('popstate', onPop)
  }
}
