import { useState } from 'react'
import { useIntl } from 'react-intl'
import type { Appointment } from '../../protocol'
import { useStore } from '@nanostores/react'
import {
  $openAppointment,
  closeAppointment,
  reloadOpenAppointment,
  saveAppointmentTimes,
  type OpenAppointment,
} from '../../stores/calendar/appointment'
import { readOnlyReason } from '../../stores/calendar/appointment-rules'
import { $calendarTimeZone } from '../../stores/calendar/calendar'
import { GenericError } from '../common/GenericError'
import { useOverlayOpen } from '../common/useOverlayOpen'
import { useShadowStyles } from '../root/useShadowStyles'
import { AppointmentSummary } from './AppointmentSummary'
import { AppointmentNotices } from './AppointmentNotices'
import { AppointmentDetailsTab } from './AppointmentDetailsTab'
import { AppointmentRescheduleTab } from './AppointmentRescheduleTab'
import { AppointmentCancelTab } from './AppointmentCancelTab'
import { detailStyles } from './detail.styles'
import { useNow } from './useNow'
import '@shoelace-style/shoelace/dist/components/drawer/drawer.js'
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js'
import '@shoelace-style/shoelace/dist/components/tab/tab.js'
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** The join button and the read-only rules follow the time at this pace. */
const RULES_REFRESH_MS = 15_000

/**
 * The appointment detail drawer (SPEC §2): summary, join, notices, and the details, reschedule and
 * cancel tabs; save sends edited times, close drops them.
 */
export function AppointmentDrawer() {
  const intl = useIntl()
  useShadowStyles(detailStyles)
  const open = useStore($openAppointment)
  const overlay = useOverlayOpen(open, closeAppointment)
  return (
    <sl-drawer
      className="appointment-drawer"
      label={intl.formatMessage({ id: 'calendar.detail.title' })}
      open={overlay.open}
      onsl-hide={overlay.onHide}
      onsl-after-hide={overlay.onAfterHide}
    >
      {open && <AppointmentDrawerContent open={open} />}
    </sl-drawer>
  )
}

/** The drawer's body and footer while an appointment is open (its rules follow the time). */
function AppointmentDrawerContent({ open }: { open: OpenAppointment }) {
  const intl = useIntl()
  const timeZone = useStore($calendarTimeZone)
  const now = useNow(RULES_REFRESH_MS)
  const appointment = open.appointment
  const readOnly = appointment ? readOnlyReason(appointment, now) : null
  return (
    <>
      {open.status === 'failed' && !appointment && (
        <GenericError
          messageId={open.error === 408 ? 'calendar.errors.loadNoAnswer' : 'calendar.errors.load'}
          values={{ code: open.error ?? 500 }}
          onRetry={() => void reloadOpenAppointment()}
        />
      )}
      {!appointment && open.status === 'loading' && (
        <sl-spinner aria-label={intl.formatMessage({ id: 'app.loading' })}></sl-spinner>
      )}
      {appointment && (
        <>
          <AppointmentSummary
            appointment={appointment}
            timeZone={timeZone}
            now={now}
            joining={open.busy === 'join'}
          />
          <AppointmentNotices appointment={appointment} readOnly={readOnly} />
          {/* A new key when it turns read-only: back to the details tab, the others are disabled now. */}
          <AppointmentTabs
            key={`${appointment.id}:${readOnly ?? 'open'}`}
            open={open}
            appointment={appointment}
            readOnly={readOnly !== null}
            timeZone={timeZone}
          />
        </>
      )}
      <div slot="footer" className="drawer-footer">
        <sl-button
          variant="primary"
          className="save"
          disabled={!open.draft || readOnly !== null || open.busy !== null}
          loading={open.busy === 'save'}
          onClick={() => void saveAppointmentTimes()}
        >
          {intl.formatMessage({ id: 'calendar.detail.save' })}
        </sl-button>
        <sl-button className="close" onClick={closeAppointment}>
          {intl.formatMessage({ id: 'calendar.detail.close' })}
        </sl-button>
      </div>
    </>
  )
}

type Tab = 'details' | 'reschedule' | 'cancel'

interface AppointmentTabsProps {
  open: OpenAppointment
  appointment: Appointment
  readOnly: boolean
  timeZone: string
}

/**
 * The details, reschedule and cancel tabs. The active tab is ours, not only Shoelace's: its own first
 * selection waits until the group is seen on screen, which a drawer that is still sliding in may miss.
 */
function AppointmentTabs({ open, appointment, readOnly, timeZone }: AppointmentTabsProps) {
  const intl = useIntl()
  const [tab, setTab] = useState<Tab>('details')
  return (
    <sl-tab-group onsl-tab-show={(event) => setTab((event.detail as { name: Tab }).name)}>
      <sl-tab slot="nav" panel="details" active={tab === 'details'}>
        {intl.formatMessage({ id: 'calendar.detail.tabs.details' })}
      </sl-tab>
      <sl-tab slot="nav" panel="reschedule" active={tab === 'reschedule'} disabled={readOnly}>
        {intl.formatMessage({ id: 'calendar.detail.tabs.reschedule' })}
      </sl-tab>
      <sl-tab slot="nav" panel="cancel" active={tab === 'cancel'} disabled={readOnly}>
        {intl.formatMessage({ id: 'calendar.detail.tabs.cancel' })}
      </sl-tab>
      <sl-tab-panel name="details" active={tab === 'details'}>
        <AppointmentDetailsTab appointment={appointment} />
      </sl-tab-panel>
      <sl-tab-panel name="reschedule" active={tab === 'reschedule'}>
        {!readOnly && (
          <AppointmentRescheduleTab appointment={appointment} draft={open.draft} timeZone={timeZone} />
        )}
      </sl-tab-panel>
      <sl-tab-panel name="cancel" active={tab === 'cancel'}>
        {!readOnly && <AppointmentCancelTab key={appointment.id} busy={open.busy === 'cancel'} />}
      </sl-tab-panel>
    </sl-tab-group>
  )
}
