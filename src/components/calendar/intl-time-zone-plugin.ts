import { createPlugin } from '@fullcalendar/core'
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal'
import { wallClockAt, zonedToUtc } from '../../lib/zoned-time'

/**
 * Named time zones for FullCalendar from the browser's own zone database (Intl): without a plugin,
 * FullCalendar shows a named zone as UTC. Same rules as the rest of the console and the server (`lib/zoned-time`), so
 * the grid and the drawers agree on every daylight-saving day. FullCalendar's arrays are
 * `[year, month0, day, hour, minute, second, ms]`; offsets are minutes ahead of UTC.
 */
class IntlNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    const [year = 1970, month = 0, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0] = a
    const wall = { year, month: month + 1, day, hour, minute, second, millisecond }
    const instant = zonedToUtc(wall, this.timeZoneName)
    return (Date.UTC(year, month, day, hour, minute, second, millisecond) - instant) / 60_000
  }

  timestampToArray(ms: number): number[] {
    const wall = wallClockAt(ms, this.timeZoneName)
    return [wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond]
  }
}

/**
 * The plugin: pass it with `timeZone: 'America/Santiago'` (any IANA name).
 *
 * @example
 * <FullCalendar plugins={[timeGridPlugin, intlTimeZonePlugin]} timeZone="Europe/Madrid" />
 */
export const intlTimeZonePlugin = createPlugin({
  name: 'agent-console-intl-time-zone',
  namedTimeZonedImpl: IntlNamedTimeZone,
})
