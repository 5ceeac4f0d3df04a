import { calendarIcons } from './calendar-icons.generated'
import { addIcons } from './register-icons'

/**
 * Registers the icons only the calendar area shows (icon-names.json `calendar`: month and day arrows, the
 * copy button); the calendar's modules that show them call it when their chunk loads.
 */
export function registerCalendarIcons(): void {
  addIcons(calendarIcons)
}
