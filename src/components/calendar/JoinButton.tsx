import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { Appointment } from '../../protocol'
import { $activity } from '../../stores/status/activity'
import { joinState } from '../../stores/calendar/appointment-rules'
import { joinMeeting } from '../../stores/calendar/meeting-join'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

interface JoinButtonProps {
  appointment: Appointment
  now: number
  /** A join is on its way. */
  joining: boolean
}

/**
 * Joins the appointment as a meeting. Absent for blocked and external appointments; disabled, with
 * the reason beside it, outside the join window or while the agent is in a call or meeting (SPEC §4).
 */
export function JoinButton({ appointment, now, joining }: JoinButtonProps) {
  const intl = useIntl()
  const activity = useStore($activity)
  const state = joinState(appointment, now, activity)
  if (state === 'hidden') return null
  const allowed = state === 'allowed'
  return (
    <div className="join">
      <sl-button
        variant="success"
        disabled={!allowed || joining}
        loading={joining}
        aria-describedby={allowed ? undefined : 'join-reason'}
        onClick={() => void joinMeeting()}
      >
        <sl-icon slot="prefix" name="camera-video"></sl-icon>
        {intl.formatMessage({ id: 'calendar.detail.join' })}
      </sl-button>
      {!allowed && (
        <small id="join-reason" className="join-reason">
          {intl.formatMessage({ id: `calendar.detail.joinDenied.${state}` })}
        </small>
      )}
    </div>
  )
}
