/**
 * The console's heavy areas, each a lazy chunk loaded through `<LazyArea>`: the shell (and any element)
 * mounts them by these loaders, so an area's owner can grow it without touching the shell.
 *
 * @example
 * <LazyArea load={loadCalendarArea} props={{}} />
 */

// Keeps the call stores listening while an agent is signed in, wherever the areas are mounted from.
import '../stores/call/call-session'
import { withMessages } from '../stores/app/i18n'

/** The active call or meeting: video, side menu and views (`<agent-call-panel>` and the console). */
export const loadCallArea = () => withMessages('call/CallArea', import('./call/CallArea'))

/** The inbound-call modal with its ringtone. */
export const loadInboundArea = () => withMessages('inbound/InboundArea', import('./inbound/InboundArea'))

/** The calendar sidebar: the day view and the appointment detail drawer. */
export const loadCalendarArea = () => withMessages('calendar/CalendarArea', import('./calendar/CalendarArea'))

/** The create/reschedule appointment drawer that the shell's schedule button opens. */
export const loadScheduleArea = () => withMessages('calendar/ScheduleArea', import('./calendar/ScheduleArea'))
