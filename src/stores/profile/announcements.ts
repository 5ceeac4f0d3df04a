import { atom } from 'nanostores'
import {
  AnnouncementPageSchema,
  AnnouncementsUnreadSchema,
  HTTP_PATHS,
  encodeListQuery,
  skipOf,
  type Announcement,
  type AnnouncementNew,
  type AnnouncementsUnread,
} from '../../protocol'
import { DEFAULT_PAGE_SIZE } from '../../constants'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { alertAgent } from './notifications'

/** How many announcements the agent has not read: the count on the profile's menu entry. */
export const $announcementsUnread = atom(0)

/** A page of announcements as the announcements page shows it. */
export interface AnnouncementsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  items: Announcement[]
  total: number
  page: number
  /** Marking read failed. */
  markFailed: boolean
}

const EMPTY: AnnouncementsState = { status: 'idle', items: [], total: 0, page: 1, markFailed: false }

/** The announcements page's list. */
export const $announcements = atom<AnnouncementsState>(EMPTY)

let sequence = 0

/**
 * Loads a page of announcements (10, newest first); the unread count comes with it.
 *
 * @example
 * await loadAnnouncements(1)
 */
export async function loadAnnouncements(page = 1): Promise<void> {
  const mine = ++sequence
  $announcements.set({ ...$announcements.get(), status: 'loading', markFailed: false })
  try {
    const query = encodeListQuery({ $limit: DEFAULT_PAGE_SIZE, $skip: skipOf(page, DEFAULT_PAGE_SIZE) })
    const result = await api().get(HTTP_PATHS.announcements + query, { schema: AnnouncementPageSchema })
    if (mine !== sequence) return
    $announcements.set({
      status: 'loaded',
      items: result.data,
      total: result.total,
      page: result.page,
      markFailed: false,
    })
    $announcementsUnread.set(result.unread)
  } catch (error) {
    console.warn('[agent-console] announcements could not be loaded', error)
    if (mine === sequence) $announcements.set({ ...$announcements.get(), status: 'failed' })
  }
}

/**
 * Marks announcements read (every one without ids): the list and the count follow the server.
 *
 * @example
 * await markAnnouncementsRead([announcement.id])
 */
export async function markAnnouncementsRead(ids?: string[]): Promise<void> {
  try {
    const { unread } = await api().post(HTTP_PATHS.announcementsRead, {
      body: ids ? { ids } : {},
      schema: AnnouncementsUnreadSchema,
    })
    $announcementsUnread.set(unread)
    const state = $announcements.get()
    $announcements.set({
      ...state,
      markFailed: false,
      items: state.items.map((item) => (!ids || ids.includes(item.id) ? { ...item, read: true } : item)),
    })
  } catch (error) {
    console.warn('[agent-console] announcements could not be marked read', error)
    $announcements.set({ ...$announcements.get(), markFailed: true })
  }
}

/**
 * A supervisor posted an announcement (`announcement:new`): the count follows, the agent is told,
 * and an open first page shows it on top.
 */
export function receiveAnnouncement({ announcement, unread }: AnnouncementNew): void {
  $announcementsUnread.set(unread)
  alertAgent({
    variant: 'primary',
    messageId: 'announcements.arrived',
    values: { title: announcement.title },
    desktop: true,
  })
  const state = $announcements.get()
  if (
    state.status === 'loaded' &&
    state.page === 1 &&
    !state.items.some((item) => item.id === announcement.id)
  )
    $announcements.set({
      ...state,
      items: [announcement, ...state.items].slice(0, DEFAULT_PAGE_SIZE),
      total: state.total + 1,
    })
}

/** The unread count changed elsewhere (`announcements:update`, and on connect). */
export function receiveAnnouncementsUnread({ unread }: AnnouncementsUnread): void {
  $announcementsUnread.set(unread)
}

onLogout(() => {
  sequence++
  $announcements.set(EMPTY)
  $announcementsUnread.set(0)
})
