import { atom } from 'nanostores'

/** Something the agent did in the calendar that a host page may want to hear about. */
export interface CalendarActivity {
  kind: 'opened' | 'scheduled' | 'rescheduled' | 'canceled' | 'updated' | 'joined'
  /** The appointment concerned (for `rescheduled`, the new one). */
  appointmentId: string
  /** For `rescheduled`, the appointment it replaced. */
  previousId?: string
  /** Counter, so two equal events in a row still notify. */
  sequence: number
}

/**
 * The last calendar action that succeeded: `<agent-calendar>` turns each into an `agent-*` event.
 *
 * @example
 * $calendarActivity.listen((activity) => activity && console.log(activity.kind))
 */
export const $calendarActivity = atom<CalendarActivity | null>(null)

let sequence = 0

/** Records a calendar action (the stores call it once the server agreed). */
export function reportCalendarActivity(activity: Omit<CalendarActivity, 'sequence'>): void {
  $calendarActivity.set({ ...activity, sequence: ++sequence })
}
