/**
 * The profile's menu as data: its sub-pages (and their counts), the feedback widget and the
 * diagnostic bundle for support. The profile
 * page renders this table; a new entry is one line here.
 */
import type { ReadableAtom } from 'nanostores'
import type { MessageId } from '../../stores/app/i18n'
import { $unreadCount } from '../../stores/profile/notifications'
import { $announcementsUnread } from '../../stores/profile/announcements'
import { openFeedback } from '../../stores/profile/feedback'
import { requestDiagnostics } from '../../stores/profile/diagnostics-request'

/** One entry of the profile menu: a page to go to, or an action. */
export interface ProfileMenuEntry {
  id: string
  icon: string
  label: MessageId
  /** The page it opens. */
  path?: string
  /** What it does instead (the feedback widget, the diagnostic bundle). */
  action?: () => void
  /** A count shown beside it (unread notifications, announcements). */
  count?: ReadableAtom<number>
}

/** The profile menu, in order. */
export const PROFILE_MENU: readonly ProfileMenuEntry[] = [
  {
    id: 'notifications',
    icon: 'bell',
    label: 'pages.profileNotifications',
    path: '/profile/notifications',
    count: $unreadCount,
  },
  {
    id: 'announcements',
    icon: 'megaphone',
    label: 'pages.profileAnnouncements',
    path: '/profile/announcements',
    count: $announcementsUnread,
  },
  { id: 'metrics', icon: 'bar-chart', label: 'pages.profileMetrics', path: '/profile/metrics' },
  { id: 'settings', icon: 'gear', label: 'pages.profileSettings', path: '/profile/settings' },
  { id: '2fa', icon: 'shield-exclamation', label: 'pages.profile2fa', path: '/profile/2fa' },
  { id: 'sessions', icon: 'laptop', label: 'pages.profileSessions', path: '/profile/sessions' },
  {
    id: 'virtual-background',
    icon: 'camera-video',
    label: 'pages.profileVirtualBackground',
    path: '/profile/virtual-background',
  },
  {
    id: 'backups',
    icon: 'collection-play',
    label: 'pages.profileBackups',
    path: '/profile/recordings/backups',
  },
  { id: 'feedback', icon: 'chat-square-heart', label: 'profile.feedback', action: () => void openFeedback() },
  {
    id: 'diagnostics',
    icon: 'download',
    label: 'profile.diagnostics',
    // Its own chunk: only an agent who asks for the file loads what makes it.
    action: () => void requestDiagnostics(),
  },
]
