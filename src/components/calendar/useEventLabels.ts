import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import type { EventLabels } from './appointment-event'

/** The translated words and the time-range format the grid's events show, in the grid's zone. */
export function useEventLabels(timeZone: string): EventLabels {
  const intl = useIntl()
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(intl.locale, { timeStyle: 'short', timeZone })
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
      range: (start, end) => format.formatRange(start, end),
    }
  }, [intl, timeZone])
}
