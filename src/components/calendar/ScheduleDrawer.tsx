import { useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { clock } from '../../services/clock'
import { firstBookableMonth } from '../../lib/booking-window'
import {
  $scheduleDrawer,
  $scheduleForm,
  chooseMonth,
  chooseReferrer,
  chooseService,
  chooseTimeZone,
  closeScheduleDrawer,
  setScheduleValue,
} from '../../stores/calendar/schedule'
import {
  $scheduleDays,
  $scheduleHours,
  $scheduleReferrers,
  $scheduleServiceForm,
  $scheduleServices,
} from '../../stores/calendar/schedule-lists'
import { $scheduleErrors, isScheduleValid, submitSchedule } from '../../stores/calendar/schedule-submit'
import type { MessageId } from '../../stores/app/i18n'
import { DynamicForm } from '../forms/DynamicForm'
import { focusFirstProblem } from '../forms/focus-first-problem'
import { useOverlayOpen } from '../common/useOverlayOpen'
import { useShadowStyles } from '../root/useShadowStyles'
import { MonthPicker } from './MonthPicker'
import { SlotPicker } from './SlotPicker'
import { ScheduleProblems } from './ScheduleProblems'
import { SelectField } from './SelectField'
import { useFocusOnOpen } from './useFocusOnOpen'
import { controlStyles } from '../common/controls.styles'
import { TimeZoneSelect } from './TimeZoneSelect'
import { scheduleStyles } from './schedule.styles'
import '@shoelace-style/shoelace/dist/components/drawer/drawer.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/**
 * The create or reschedule drawer (SPEC §2): calendar, customer time zone, month, day and hour, the
 * service's form and the referrer link; schedule or reschedule. Rescheduling only picks a new slot.
 */
export function ScheduleDrawer() {
  const intl = useIntl()
  useShadowStyles(controlStyles, scheduleStyles)
  const drawer = useStore($scheduleDrawer)
  const form = useStore($scheduleForm)
  const errors = useStore($scheduleErrors)
  const services = useStore($scheduleServices)
  const serviceForm = useStore($scheduleServiceForm)
  const referrers = useStore($scheduleReferrers)
  const days = useStore($scheduleDays)
  const hours = useStore($scheduleHours)
  // Busy while any of its lists loads, so a screen reader (and a test) waits for the form to settle.
  const loading = [services, serviceForm, referrers, days, hours].some((list) => list.status === 'loading')
  const overlay = useOverlayOpen(drawer.open ? drawer : null, closeScheduleDrawer)
  const creating = drawer.mode === 'create'
  const formElement = useRef<HTMLFormElement>(null)
  const onInitialFocus = useFocusOnOpen(formElement, overlay.open)
  // Each refusal for invalid choices, so the agent is taken to the first problem once it is drawn.
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals > 0) focusFirstProblem(formElement.current)
  }, [refusals])
  const submit = () =>
    void submitSchedule().then((done) => {
      if (!done && !isScheduleValid($scheduleErrors.get())) setRefusals((count) => count + 1)
    })
  const t = (id: MessageId) => intl.formatMessage({ id })
  const hourError =
    errors.hour === 'past'
      ? t('calendar.schedule.errors.hourPast')
      : errors.hour
        ? t('calendar.schedule.errors.hour')
        : undefined
  return (
    <sl-drawer
      className="schedule-drawer"
      label={t(creating ? 'calendar.schedule.createTitle' : 'calendar.schedule.rescheduleTitle')}
      open={overlay.open}
      onsl-hide={overlay.onHide}
      onsl-after-hide={overlay.onAfterHide}
      onsl-initial-focus={onInitialFocus}
    >
      {drawer.open && (
        <form
          ref={formElement}
          className="schedule-form"
          aria-busy={loading}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          {!creating && drawer.appointment && (
            <p className="rescheduling">
              {intl.formatMessage(
                { id: 'calendar.schedule.rescheduling' },
                { title: drawer.appointment.title },
              )}
            </p>
          )}
          {creating && <ScheduleProblems service={form.service} />}
          {creating && (
            <SelectField
              id="schedule-service"
              className="service-select"
              labelId="calendar.schedule.service"
              choices={services.data.map((service) => ({ value: service.id, label: service.title }))}
              value={form.service}
              disabled={form.busy}
              error={errors.service ? t('calendar.schedule.errors.service') : undefined}
              onChange={(service) => service && chooseService(service)}
            />
          )}
          <TimeZoneSelect
            id="schedule-time-zone"
            value={form.timeZone}
            onChange={chooseTimeZone}
            error={errors.timeZone ? t('calendar.schedule.errors.timeZone') : undefined}
          />
          <MonthPicker
            month={form.month}
            minimum={firstBookableMonth(clock.now(), form.timeZone)}
            onChange={chooseMonth}
          />
          <SlotPicker form={form} hourError={hourError} />
          {creating && serviceForm.data && serviceForm.data.form.length > 0 && (
            <section className="contact-form" aria-labelledby="schedule-form-title">
              <h3 id="schedule-form-title">{t('calendar.schedule.contact')}</h3>
              <DynamicForm
                idPrefix="schedule"
                fields={serviceForm.data.form}
                values={form.values}
                errors={errors.fields}
                disabled={form.busy}
                onChange={setScheduleValue}
              />
            </section>
          )}
          {creating && (
            <SelectField
              id="schedule-referrer"
              className="referrer-select"
              labelId="calendar.schedule.referrer"
              choices={referrers.data.map(({ url }) => ({ value: url, label: url }))}
              value={form.referrer}
              disabled={form.busy}
              error={errors.referrer ? t('calendar.schedule.errors.referrer') : undefined}
              onChange={chooseReferrer}
            />
          )}
        </form>
      )}
      <div slot="footer" className="drawer-footer">
        {/* Loading, not disabled, while it books: disabled would drop the focus; the store sends once. */}
        <sl-button variant="primary" className="submit" loading={form.busy} onClick={submit}>
          {t(creating ? 'calendar.schedule.submit' : 'calendar.schedule.submitReschedule')}
        </sl-button>
        <sl-button className="cancel" onClick={closeScheduleDrawer}>
          {t('calendar.detail.close')}
        </sl-button>
      </div>
    </sl-drawer>
  )
}
