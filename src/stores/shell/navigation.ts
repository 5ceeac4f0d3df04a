import { computed, onMount } from 'nanostores'
import { $activity } from '../status/activity'
import { $signedIn } from '../session/logout'
import { $link } from '../session/link-state'
import { $route, LOGIN_ROUTES, PUBLIC_ROUTES, navigate, startRouting, type Route } from './router'

/** What the console shows for the current route and session. */
export type Screen = 'login' | 'public' | 'shell' | 'redirecting'

/** Where a route must go instead, for this session (SPEC §2), or null to stay. */
export function redirectFor(route: Route, signedIn: boolean): string | null {
  if (route.name === 'unknown') return '/login'
  if (signedIn && LOGIN_ROUTES.includes(route.name)) return '/'
  if (route.name === 'home') return signedIn ? '/history' : '/login'
  if (!signedIn && !PUBLIC_ROUTES.includes(route.name)) return '/login'
  return null
}

/** The screen to show; `redirecting` while a redirect of SPEC §2 is under way. */
export const $screen = computed([$route, $signedIn], (route, signedIn): Screen => {
  if (redirectFor(route, signedIn)) return 'redirecting'
  if (LOGIN_ROUTES.includes(route.name)) return 'login'
  if (PUBLIC_ROUTES.includes(route.name)) return 'public'
  return 'shell'
})

// The redirects follow the route and the session while the console is on screen.
onMount($screen, () => {
  const stopRouting = startRouting()
  const stopGuard = computed([$route, $signedIn], redirectFor).subscribe((target) => {
    if (target) navigate(target, { replace: true })
  })
  return () => {
    stopGuard()
    stopRouting()
  }
})

/** Why the bottom menu is disabled: a meeting, a call, a ring, or no connection; null when it is not. */
export type MenuLock = 'meeting' | 'call' | 'ringing' | 'disconnected'

/**
 * The bottom menu is disabled during a call, an inbound ring, a meeting, or while the console is not
 * connected (SPEC §2); this says why, for its tooltip.
 */
export const $menuLock = computed([$activity, $link], (activity, link): MenuLock | null => {
  if (activity.inMeeting) return 'meeting'
  if (activity.inCall) return 'call'
  if (activity.ringing) return 'ringing'
  if (link.state !== 'online') return 'disconnected'
  return null
})

/** Whether the bottom menu is disabled (SPEC §2). */
export const $menuDisabled = computed($menuLock, (lock) => lock !== null)
