/**
 * The shell's pages, each a lazy chunk (the path to "available" loads only the one on screen).
 * Later issues replace the placeholders inside these files.
 */

/** Call history (`/history`, `/home`). */
export const loadHistoryPage = () => import('./HistoryPage')
/** Utilities (`/utilities`). */
export const loadUtilitiesPage = () => import('./UtilitiesPage')
/** Recordings (`/recordings`). */
export const loadRecordingsPage = () => import('./RecordingsPage')
/** Profile and its children but notifications (`/profile/...`). */
export const loadProfilePage = () => import('./ProfilePage')
/** The notification list (`/profile/notifications`). */
export const loadNotificationsPage = () => import('./NotificationsPage')
