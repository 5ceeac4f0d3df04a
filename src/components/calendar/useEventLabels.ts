import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import type { EventLabels } from './appointment-event'

/** The translated words and the time-range format the grid's events show, in the grid's zone. */
export function useEventLabels(timeZone: string): EventLabels {
  const intl = useIntl()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intl.locale, { timeStyle: 'short', timeZone })
    // formatRange builds an interval formatter per call: too slow for hundreds of events.
    const ranges = new Map<string, string>()
    return {
      status: {
        pending: intl.formatMessage({ id: 'calendar.status.pending' }),
        attended: intl.formatMessage({ id: 'calendar.status.attended' }),
        canceled: intl.formatMessage({ id: 'calendar.status.canceled' }),
        rescheduled: intl.formatMessage({ id: 'calendar.status.rescheduled' }),
      },
      type: {
        regular: intl.formatMessage({ id: 'calendar.type.regular' }),
        blocked: intl.formatMessage({ id: 'calendar.type.blocked' }),
        external: intl.formatMessage({ id: 'calendar.type.external' }),
      },
      ended: intl.formatMessage({ id: 'calendar.ended' }),
      range: (start, end) => {
        const key = `${start}/${end}`
        let text = ranges.get(key)
        if (text === undefined) ranges.set(key, (text = `${format.format(start)} – ${format.format(end)}`))
        return text
      },
    }
  }, [intl, timeZone])
}
