import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $calendarTimeZone } from '../../stores/calendar/calendar'
import { dayOf, formatDate, readDate, utcNoonOf } from '../../lib/zoned-time'
import { $scheduleDays, $scheduleHours, type Loadable } from '../../stores/calendar/schedule-lists'
import { chooseDay, chooseHour, reloadDays, type ScheduleForm } from '../../stores/calendar/schedule'
import { useBackOnline } from '../common/useBackOnline'
import { ChoiceGrid } from './ChoiceGrid'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import { zoneName } from '../../lib/zone-name'

/**
 * A list's loading, failure or emptiness. A failure has a retry, and one because no server answered
 * loads again by itself when the network is back: else only choosing another month or day asked again.
 */
function ListState({
  list,
  emptyId,
  onRetry,
}: {
  list: Loadable<unknown[]>
  emptyId: 'calendar.schedule.noDays' | 'calendar.schedule.noHours'
  onRetry: () => void
}) {
  const intl = useIntl()
  useBackOnline(onRetry, list.status === 'failed' && list.error === 0)
  if (list.status === 'loading')
    return <sl-spinner aria-label={intl.formatMessage({ id: 'app.loading' })}></sl-spinner>
  if (list.status === 'failed')
    return (
      <div className="list-problem">
        <p className="field-problem" role="alert">
          {list.error === 0
            ? intl.formatMessage({ id: 'calendar.errors.slotsUnreachable' })
            : intl.formatMessage({ id: 'calendar.errors.slots' }, { code: list.error ?? 500 })}
        </p>
        <sl-button size="small" onClick={onRetry}>
          {intl.formatMessage({ id: 'errors.retry' })}
        </sl-button>
      </div>
    )
  if (list.status === 'ready' && list.data.length === 0)
    return <p className="muted">{intl.formatMessage({ id: emptyId })}</p>
  return null
}

/** The free days of the month and the free hours of the chosen day, in the customer's zone. */
export function SlotPicker({ form, hourError }: { form: ScheduleForm; hourError: string | undefined }) {
  const intl = useIntl()
  const days = useStore($scheduleDays)
  const hours = useStore($scheduleHours)
  const agentZone = useStore($calendarTimeZone)
  const { year, month } = readDate(form.month)
  const chosenDay = form.day
  const dayChoices = days.data.map((item) => {
    const value = formatDate({ year, month, day: item.day })
    const noon = utcNoonOf(value)
    return {
      value,
      label: String(item.day),
      detail: intl.formatDate(noon, { weekday: 'short', timeZone: 'UTC' }),
      accessibleLabel: intl.formatDate(noon, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }),
    }
  })
  const time = (utc: string, timeZone: string) =>
    intl.formatTime(Date.parse(utc), { timeStyle: 'short', timeZone })
  // The agent's clock may be on another day than the customer's (Tokyo and Santiago): it then names the day.
  const agentTime = (utc: string) =>
    dayOf(Date.parse(utc), agentZone) === dayOf(Date.parse(utc), form.timeZone)
      ? time(utc, agentZone)
      : intl.formatDate(Date.parse(utc), {
          weekday: 'short',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: agentZone,
        })
  const hourChoices = hours.data.map((item) => {
    const customer = time(item.utc, form.timeZone)
    const agent = agentTime(item.utc)
    const detail =
      agent === customer
        ? undefined
        : intl.formatMessage({ id: 'calendar.schedule.yourTime' }, { time: agent })
    return { value: item.utc, label: customer, detail }
  })
  return (
    <>
      <section className="slot-section" aria-labelledby="schedule-days-title">
        <h3 id="schedule-days-title">{intl.formatMessage({ id: 'calendar.schedule.day' })}</h3>
        <ListState list={days} emptyId="calendar.schedule.noDays" onRetry={reloadDays} />
        {dayChoices.length > 0 && (
          <ChoiceGrid
            className="days"
            label={intl.formatMessage({ id: 'calendar.schedule.day' })}
            choices={dayChoices}
            value={form.day}
            onChoose={chooseDay}
            disabled={form.busy}
            invalid={!!hourError && !form.day}
          />
        )}
      </section>
      <section className="slot-section" aria-labelledby="schedule-hours-title">
        <h3 id="schedule-hours-title">
          {intl.formatMessage(
            { id: 'calendar.schedule.hour' },
            { zone: zoneName(form.timeZone, intl.locale) },
          )}
        </h3>
        {chosenDay ? (
          <ListState list={hours} emptyId="calendar.schedule.noHours" onRetry={() => chooseDay(chosenDay)} />
        ) : (
          <p className="muted">{intl.formatMessage({ id: 'calendar.schedule.chooseDayFirst' })}</p>
        )}
        {hourChoices.length > 0 && (
          <ChoiceGrid
            className="hours"
            label={intl.formatMessage(
              { id: 'calendar.schedule.hour' },
              { zone: zoneName(form.timeZone, intl.locale) },
            )}
            choices={hourChoices}
            value={form.hour}
            onChoose={chooseHour}
            disabled={form.busy}
            invalid={!!hourError}
          />
        )}
        {hourError && (
          <p className="field-problem" role="alert">
            {hourError}
          </p>
        )}
      </section>
    </>
  )
}
