/**
 * The console's heavy areas, each a lazy chunk loaded through `<LazyArea>`: the shell (and any element)
 * mounts them by these loaders, so an area's owner can grow it without touching the shell.
 *
 * @example
 * <LazyArea load={loadCalendarArea} props={{}} />
 */

// Keeps the call stores listening while an agent is signed in, wherever the areas are mounted from.
import '../stores/call/call-session'

/** The active call or meeting: video, side menu and views (`<agent-call-panel>` and the console). */
export const loadCallArea = () => import('./call/CallArea')

/** The inbound-call modal with its ringtone. */
export const loadInboundArea = () => import('./inbound/InboundArea')

/** The calendar sidebar: the day view and the appointment detail drawer. */
export const loadCalendarArea = () => import('./calendar/CalendarArea')

/** The create/reschedule appointment drawer that the shell's schedule button opens. */
export const loadScheduleArea = () => import('./calendar/ScheduleArea')
