import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $recording, pauseRecording, resumeRecording, stopRecording } from '../../stores/call/recording'
import { formatClock } from '../status/format-clock'
import { useRecordedTime } from './useRecordedTime'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/**
 * The recording under the video while one is on: its state, the recorded time (pauses left out), and
 * pause/resume and stop for a recording the agent started (an automatic one is shown, not controlled).
 */
export function RecordingBar() {
  const intl = useIntl()
  const state = useStore($recording)
  const recorded = useRecordedTime(state)
  if (state.phase === 'idle') return null
  const controllable = !state.automatic && (state.phase === 'recording' || state.phase === 'paused')
  return (
    <div
      className={`recording-bar is-${state.phase}`}
      role="group"
      aria-label={intl.formatMessage({ id: 'call.recording.bar' })}
      data-phase={state.phase}
      // When the running stretch began (the console's clock): hosts and tests time the recording by it.
      data-running-since={state.runningSince ?? undefined}
    >
      <sl-icon
        className="recording-dot"
        name={state.phase === 'paused' ? 'pause-circle' : 'record-circle'}
        aria-hidden="true"
      ></sl-icon>
      <span className="recording-state" role="status">
        {intl.formatMessage({ id: 'call.recording.state' }, { phase: state.phase })}
      </span>
      <span
        className="recording-time"
        title={intl.formatMessage({ id: 'call.recording.elapsed' }, { time: formatClock(recorded) })}
      >
        <span className="visually-hidden">
          {intl.formatMessage({ id: 'call.recording.elapsed' }, { time: '' })}
        </span>
        <time dateTime={`PT${Math.floor(recorded / 1000)}S`}>{formatClock(recorded)}</time>
      </span>
      {state.automatic && (
        <span className="recording-automatic">{intl.formatMessage({ id: 'call.recording.automatic' })}</span>
      )}
      {state.upload === 'reconnecting' && (
        <span className="recording-upload" role="alert">
          {intl.formatMessage({ id: 'call.recording.reconnecting' })}
        </span>
      )}
      {controllable && (
        <span className="recording-actions">
          {state.phase === 'recording' ? (
            <sl-icon-button
              className="recording-pause"
              name="pause-fill"
              label={intl.formatMessage({ id: 'call.recording.pause' })}
              onClick={pauseRecording}
            ></sl-icon-button>
          ) : (
            <sl-icon-button
              className="recording-resume"
              name="play-fill"
              label={intl.formatMessage({ id: 'call.recording.resume' })}
              onClick={resumeRecording}
            ></sl-icon-button>
          )}
          <sl-icon-button
            className="recording-stop"
            name="stop-fill"
            label={intl.formatMessage({ id: 'call.recording.stop' })}
            onClick={() => void stopRecording()}
          ></sl-icon-button>
        </span>
      )}
    </div>
  )
}
