import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $scheduleReferrers,
  $scheduleServiceForm,
  $scheduleServices,
  loadReferrers,
  loadServiceForm,
  loadServices,
} from '../../stores/calendar/schedule-lists'
import type { MessageId } from '../../stores/app/i18n'
import '@shoelace-style/shoelace/dist/components/alert/alert.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

function Problem({ messageId, onRetry }: { messageId: MessageId; onRetry?: () => void }) {
  const intl = useIntl()
  return (
    <sl-alert variant="warning" open className="schedule-problem">
      <p>{intl.formatMessage({ id: messageId })}</p>
      {onRetry && (
        <sl-button size="small" onClick={onRetry}>
          {intl.formatMessage({ id: 'errors.retry' })}
        </sl-button>
      )}
    </sl-alert>
  )
}

/**
 * The drawer's catalogue failures (SPEC §8 "Calendar"): no calendars for the user, no form for the
 * calendar, links that could not be loaded; each with a retry.
 */
export function ScheduleProblems({ service }: { service: string | null }) {
  const services = useStore($scheduleServices)
  const form = useStore($scheduleServiceForm)
  const referrers = useStore($scheduleReferrers)
  return (
    <>
      {services.status === 'failed' && (
        <Problem messageId="calendar.errors.noCalendars" onRetry={() => void loadServices()} />
      )}
      {services.status === 'ready' && services.data.length === 0 && (
        <Problem messageId="calendar.errors.noCalendars" />
      )}
      {form.status === 'failed' && service && (
        <Problem messageId="calendar.errors.noForm" onRetry={() => void loadServiceForm(service)} />
      )}
      {referrers.status === 'failed' && (
        <Problem messageId="calendar.errors.noLinks" onRetry={() => void loadReferrers()} />
      )}
      {referrers.status === 'ready' && referrers.data.length === 0 && (
        <Problem messageId="calendar.errors.noLinks" />
      )}
    </>
  )
}
