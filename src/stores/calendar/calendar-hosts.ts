import { map } from 'nanostores'

/** The calendar's drawers, each shown by one mounted view per page. */
export type CalendarDrawer = 'detail' | 'schedule'

/**
 * Which mounted view renders each drawer: the console's calendar area, the shell's schedule area and
 * a standalone `<agent-calendar>` may all be on one page, and a drawer must open once, not three times.
 */
export const $calendarHosts = map<Record<CalendarDrawer, symbol | null>>({ detail: null, schedule: null })

/** Offers a view as a drawer's host; the first one wins. */
export function claimCalendarHost(drawer: CalendarDrawer, host: symbol): void {
  if ($calendarHosts.get()[drawer] === null) $calendarHosts.setKey(drawer, host)
}

/** Gives the host role up (the view left the page). */
export function releaseCalendarHost(drawer: CalendarDrawer, host: symbol): void {
  if ($calendarHosts.get()[drawer] === host) $calendarHosts.setKey(drawer, null)
}
