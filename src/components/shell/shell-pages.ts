/**
 * The shell's pages as data (SPEC §2 "Routes" and the bottom menu): which routes each page serves,
 * its lazy chunk, and its bottom-menu entry. The page outlet, the bottom menu and the tests read this
 * table: a new page is one entry here and one component.
 *
 * @example
 * const page = pageOf('profile-settings') // the profile page
 */
import type { ComponentType } from 'react'
import type { ReadableAtom } from 'nanostores'
import { withMessages, type MessageId } from '../../stores/app/i18n'
import type { RouteName } from '../../stores/shell/router'
import { $unreadCount } from '../../stores/profile/notifications'

/** What every page component receives. */
export interface PageProps {
  /** The route on screen (a page may serve several). */
  route: RouteName
}

/** A page of the shell. */
export interface ShellPage {
  /** Stable id: the key that remounts the page when another is shown. */
  id: string
  /** The routes it serves. */
  routes: readonly RouteName[]
  /** The page's component, from its own chunk (the path to "available" loads only the one on screen). */
  load: () => Promise<{ default: ComponentType<PageProps> }>
  /** Its bottom-menu entry, if it has one. */
  menu?: {
    path: string
    label: MessageId
    icon: string
    /** A count shown on the entry (unread notifications on the profile). */
    badge?: ReadableAtom<number>
  }
}

const PROFILE_ROUTES: readonly RouteName[] = [
  'profile',
  'profile-2fa',
  'profile-virtual-background',
  'profile-notifications',
  'profile-settings',
  'profile-sessions',
  'profile-recordings-backups',
  'profile-metrics',
  'profile-announcements',
]

/** Profile routes that have a page of their own (the rest show on the profile page). */
const OWN_PROFILE_PAGES: readonly RouteName[] = [
  'profile-notifications',
  'profile-settings',
  'profile-sessions',
  'profile-metrics',
  'profile-announcements',
  'profile-recordings-backups',
  'profile-2fa',
  'profile-virtual-background',
]

/** The shell's pages; the bottom menu shows those with a `menu`, in this order. */
export const SHELL_PAGES: readonly ShellPage[] = [
  {
    id: 'history',
    routes: ['history'],
    load: () => withMessages('history/HistoryPage', import('../history/HistoryPage')),
    menu: { path: '/history', label: 'shell.menu.history', icon: 'clock-history' },
  },
  {
    id: 'history-call',
    routes: ['history-call'],
    load: () => withMessages('history/CallDetailPage', import('../history/CallDetailPage')),
  },
  {
    id: 'utilities',
    routes: ['utilities'],
    load: () => withMessages('utilities/UtilitiesPage', import('../utilities/UtilitiesPage')),
    menu: { path: '/utilities', label: 'shell.menu.utilities', icon: 'tools' },
  },
  {
    id: 'recordings',
    routes: ['recordings', 'recording'],
    load: () => withMessages('pages/RecordingsPage', import('../pages/RecordingsPage')),
    menu: { path: '/recordings', label: 'shell.menu.recordings', icon: 'collection-play' },
  },
  {
    id: 'notifications',
    routes: ['profile-notifications'],
    load: () => withMessages('profile/NotificationsPage', import('../profile/NotificationsPage')),
  },
  {
    id: 'settings',
    routes: ['profile-settings'],
    load: () => withMessages('profile/SettingsPage', import('../profile/SettingsPage')),
  },
  {
    id: 'sessions',
    routes: ['profile-sessions'],
    load: () => withMessages('profile/SessionsPage', import('../profile/SessionsPage')),
  },
  {
    id: 'announcements',
    routes: ['profile-announcements'],
    load: () => withMessages('profile/AnnouncementsPage', import('../profile/AnnouncementsPage')),
  },
  {
    id: 'metrics',
    routes: ['profile-metrics'],
    load: () => withMessages('profile/MetricsPage', import('../profile/MetricsPage')),
  },
  {
    id: 'recording-backups',
    routes: ['profile-recordings-backups'],
    load: () => withMessages('pages/RecordingBackupsPage', import('../pages/RecordingBackupsPage')),
  },
  {
    id: 'two-factor',
    routes: ['profile-2fa'],
    load: () => withMessages('profile/TwoFactorPage', import('../profile/TwoFactorPage')),
  },
  {
    id: 'virtual-background',
    routes: ['profile-virtual-background'],
    load: () => withMessages('profile/VirtualBackgroundPage', import('../profile/VirtualBackgroundPage')),
  },
  {
    id: 'profile',
    routes: PROFILE_ROUTES.filter((route) => !OWN_PROFILE_PAGES.includes(route)),
    load: () => withMessages('pages/ProfilePage', import('../pages/ProfilePage')),
    menu: { path: '/profile', label: 'shell.menu.profile', icon: 'person-circle', badge: $unreadCount },
  },
]

/** The page of a route; the history page for any route without its own (home). */
export function pageOf(route: RouteName): ShellPage {
  return SHELL_PAGES.find((page) => page.routes.includes(route)) ?? (SHELL_PAGES[0] as ShellPage)
}

/**
 * Whether a bottom-menu entry is lit for a route: the profile entry for every profile route, the
 * history for a call of it.
 */
export function menuLit(page: ShellPage, route: RouteName): boolean {
  if (page.id === 'profile') return PROFILE_ROUTES.includes(route)
  if (page.id === 'history') return route === 'history' || route === 'history-call'
  return page.routes.includes(route)
}
