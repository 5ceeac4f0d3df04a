import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $scheduleReferrers,
  $scheduleServiceForm,
  $scheduleServices,
  loadReferrers,
  loadServiceForm,
} from '../../stores/calendar/schedule-lists'
import { loadCalendarsToBook } from '../../stores/calendar/schedule'
import type { MessageId } from '../../stores/app/i18n'
import { useBackOnline } from '../common/useBackOnline'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

interface ProblemProps {
  messageId: MessageId
  values?: Record<string, number>
  onRetry?: () => void
}

function Problem({ messageId, values, onRetry }: ProblemProps) {
  const intl = useIntl()
  return (
    <sl-alert variant="warning" open className="schedule-problem">
      <p>{intl.formatMessage({ id: messageId }, values)}</p>
      {onRetry && (
        <sl-button size="small" onClick={onRetry}>
          {intl.formatMessage({ id: 'errors.retry' })}
        </sl-button>
      )}
    </sl-alert>
  )
}

/** A list that failed because no server answered (status 0): the browser is offline or the server gone. */
const unreachable = (list: { status: string; error: number | null }) =>
  list.status === 'failed' && list.error === 0

/**
 * The drawer's catalogue failures (SPEC §8 "Calendar"): no calendars for the user, no form for the
 * calendar, links that could not be loaded; each with a retry. When no server answered, one problem
 * says so and retries them all: three boxes, one saying the agent has no calendars, misled.
 */
export function ScheduleProblems({ service }: { service: string | null }) {
  const services = useStore($scheduleServices)
  const form = useStore($scheduleServiceForm)
  const referrers = useStore($scheduleReferrers)
  const formUnreachable = !!service && unreachable(form)
  const offline = unreachable(services) || formUnreachable || unreachable(referrers)
  const retryUnreachable = () => {
    if (unreachable(services)) void loadCalendarsToBook()
    if (service && formUnreachable) void loadServiceForm(service)
    if (unreachable(referrers)) void loadReferrers()
  }
  // What failed because the network was cut loads again when it is back, without the agent's retry.
  useBackOnline(retryUnreachable, offline)
  return (
    <>
      {offline && <Problem messageId="calendar.errors.catalogueUnreachable" onRetry={retryUnreachable} />}
      {services.status === 'failed' && !unreachable(services) && (
        <Problem
          messageId="calendar.errors.calendarsLoad"
          values={{ code: services.error ?? 500 }}
          onRetry={() => void loadCalendarsToBook()}
        />
      )}
      {services.status === 'ready' && services.data.length === 0 && (
        <Problem messageId="calendar.errors.noCalendars" />
      )}
      {form.status === 'failed' && service && !formUnreachable && (
        <Problem messageId="calendar.errors.noForm" onRetry={() => void loadServiceForm(service)} />
      )}
      {referrers.status === 'failed' && !unreachable(referrers) && (
        <Problem messageId="calendar.errors.noLinks" onRetry={() => void loadReferrers()} />
      )}
      {referrers.status === 'ready' && referrers.data.length === 0 && (
        <Problem messageId="calendar.errors.noLinks" />
      )}
    </>
  )
}
