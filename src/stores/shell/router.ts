import { atom, computed } from 'nanostores'
import { createRouter } from '@nanostores/router'
import { $config } from '../app/config'

/**
 * Every route of SPEC §2, by name, as `@nanostores/router` patterns. `/home` is the history page too;
 * `/` is the home route, which redirects. Ours besides: a call of the history (`/history/{id}`), and
 * the profile's metrics and announcements.
 */
const ROUTES = {
  login: '/login',
  'login-claim': '/login/claim/:id',
  'password-reset': '/password/reset',
  'password-forget': '/password/forget',
  home: '/',
  history: [/^\/(?:history|home)$/i, () => ({})],
  'history-call': '/history/:id',
  recordings: '/recordings',
  /** The Recordings page with the player open on one recording (History links here). */
  recording: '/recordings/:id',
  utilities: '/utilities',
  profile: '/profile',
  'profile-2fa': '/profile/2fa',
  'profile-virtual-background': '/profile/virtual-background',
  'profile-notifications': '/profile/notifications',
  'profile-settings': '/profile/settings',
  'profile-sessions': '/profile/sessions',
  'profile-recordings-backups': '/profile/recordings/backups',
  'profile-metrics': '/profile/metrics',
  'profile-announcements': '/profile/announcements',
} as const

/** A route's name; `unknown` for any other path (which the session sends to /login). */
export type RouteName = keyof typeof ROUTES | 'unknown'

/** A matched route: its name and its parameters (the claim id). */
export interface Route {
  name: RouteName
  path: string
  params: Record<string, string>
}

/** Routes anyone may open; no forced redirect to login happens from them (SPEC §2). */
export const PUBLIC_ROUTES: readonly RouteName[] = [
  'login',
  'login-claim',
  'password-reset',
  'password-forget',
]

/** Routes of the login screen: an authenticated user on one of them goes home. */
export const LOGIN_ROUTES: readonly RouteName[] = ['login', 'login-claim']

// The address bar's router (history mode). `links: false`: the console's own links navigate, never
// a click elsewhere in the host page.
const addressBar = createRouter(ROUTES, { links: false })

/** Finds the route of a path with the router's patterns; an unmatched path is `unknown`. */
export function matchRoute(path: string): Route {
  const clean = (path.split(/[?#]/)[0] ?? '/').replace(/\/$/, '') || '/'
  for (const [name, pattern, toParams] of addressBar.routes) {
    const found = pattern.exec(clean)
    if (!found) continue
    const params = toParams
      ? (toParams(...found.slice(1)) as Record<string, string>)
      : Object.fromEntries(
          Object.entries({ ...found.groups }).map(([key, value]) => [key, decodeURIComponent(value ?? '')]),
        )
    return { name: name as RouteName, path: clean, params }
  }
  return { name: 'unknown', path: clean, params: {} }
}

const inHistoryMode = () => $config.get().routing === 'history' && typeof location !== 'undefined'

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
  if (inHistoryMode()) addressBar.open(path, replace)
  $path.set(path)
}

/** Starts following the address bar (history mode: Back and Forward) or the in-memory path; once per page. */
export function startRouting(): () => void {
  if (!inHistoryMode()) {
    $path.set('/')
    return () => {}
  }
  $path.set(location.pathname)
  // Mounting the router listens to popstate; the router parses, the console keeps the raw path.
  return addressBar.listen(() => $path.set(location.pathname))
}
