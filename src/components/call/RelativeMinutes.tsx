import { FormattedMessage, useIntl } from 'react-intl'
import { RELATIVE_TIMER_HOURS_FROM, RELATIVE_TIMER_MINUTES_FROM } from '../../constants'
import { useElapsedMinutes } from './useElapsedMinutes'

interface RelativeMinutesProps {
  /** When counting started (console clock, ms). */
  since: number
  /** Minutes already elapsed at `since`. */
  offsetMinutes?: number
}

/**
 * A relative timer (SPEC §9): under a minute, then minutes up to 60, then hours, with Intl units in
 * the session's language; refreshed every minute.
 *
 * @example
 * <RelativeMinutes since={receivedAt} offsetMinutes={call.duration} />
 */
export function RelativeMinutes({ since, offsetMinutes = 0 }: RelativeMinutesProps) {
  const intl = useIntl()
  const minutes = useElapsedMinutes(since, offsetMinutes)
  if (minutes < RELATIVE_TIMER_MINUTES_FROM) return <FormattedMessage id="call.time.underMinute" />
  if (minutes < RELATIVE_TIMER_HOURS_FROM)
    return <>{intl.formatNumber(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'long' })}</>
  const hours = Math.floor(minutes / 60)
  return <>{intl.formatNumber(hours, { style: 'unit', unit: 'hour', unitDisplay: 'long' })}</>
}
