import { useState } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $recordingPlayer } from '../../stores/recordings/recording-player'
import { navigate } from '../../stores/shell/router'
import { RecordingStatusTag } from './RecordingStatusTag'
import { isolateBidi } from '../../lib/bidi'
import { formatBytes, formatDuration, formatWhen } from './format'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'

/**
 * The player of `/recordings/{id}`: a dialog with the recording's details and a `<video>` with its own
 * controls (seeking works: the media answers Range requests). A recording not stored yet says why.
 */
export function RecordingPlayer() {
  const intl = useIntl()
  const player = useStore($recordingPlayer)
  const [mediaError, setMediaError] = useState<string | null>(null)
  const open = player.phase !== 'closed'
  const recording = player.phase === 'ready' ? player.recording : null
  const title = recording
    ? intl.formatMessage({ id: 'recordings.player.title' }, { date: formatWhen(intl, recording.startedAt) })
    : intl.formatMessage({ id: 'recordings.player.loading' })
  return (
    <sl-dialog
      className="recording-player"
      label={title}
      open={open}
      style={{ '--width': 'min(calc(60 * var(--agent-rem)), 95vw)' } as React.CSSProperties}
      onsl-request-close={(event) => {
        if (event.target !== event.currentTarget) return
        setMediaError(null)
        navigate('/recordings')
      }}
    >
      {player.phase === 'loading' && (
        <p role="status" className="player-loading">
          <sl-spinner></sl-spinner> {intl.formatMessage({ id: 'recordings.player.loading' })}
        </p>
      )}
      {player.phase === 'not-found' && (
        <p role="alert" className="player-problem">
          {intl.formatMessage({ id: 'recordings.notFound' })}
        </p>
      )}
      {player.phase === 'failed' && (
        <p role="alert" className="player-problem">
          {intl.formatMessage(
            { id: 'recordings.loadFailed' },
            { reason: player.reason ?? intl.formatMessage({ id: 'errors.unreachable' }) },
          )}
        </p>
      )}
      {recording && (
        <>
          <p className="player-details">
            <RecordingStatusTag status={recording.status} />{' '}
            {[
              // Isolated: a direction override in the name cannot turn the details after it around.
              recording.customer
                ? isolateBidi(recording.customer)
                : intl.formatMessage({ id: 'recordings.unknownCustomer' }),
              recording.segment?.name,
              formatDuration(recording.duration),
              formatBytes(intl, recording.size),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {player.phase === 'ready' && player.mediaUrl ? (
            <video
              className="player-video"
              key={player.mediaUrl}
              src={player.mediaUrl}
              controls
              preload="metadata"
              aria-label={intl.formatMessage({ id: 'recordings.player.video' })}
              onError={() => setMediaError(intl.formatMessage({ id: 'recordings.player.mediaError' }))}
            ></video>
          ) : (
            <p role="status" className="player-not-ready">
              {intl.formatMessage(
                { id: 'recordings.notPlayable' },
                { status: recording.type === 'local' ? 'local' : recording.status },
              )}
            </p>
          )}
          {mediaError && (
            <p role="alert" className="player-problem">
              {mediaError}
            </p>
          )}
        </>
      )}
    </sl-dialog>
  )
}
