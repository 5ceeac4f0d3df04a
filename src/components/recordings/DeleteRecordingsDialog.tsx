import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $recordingDeletion,
  closeRecordingDeletion,
  confirmRecordingDeletion,
} from '../../stores/recordings/recording-deletion'
import { formatWhen } from './format'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import { ProgressBar } from '../common/ProgressBar'

/**
 * Confirms a deletion (one recording or the ticked ones), shows its progress as they are deleted one
 * after the other, and, when one fails, where it stopped and which were deleted before.
 */
export function DeleteRecordingsDialog() {
  const intl = useIntl()
  const deletion = useStore($recordingDeletion)
  const count = deletion?.targets.length ?? 0
  const deleting = deletion?.phase === 'deleting'
  const done = deletion?.deleted.length ?? 0
  return (
    <sl-dialog
      className="delete-recordings"
      label={intl.formatMessage({ id: 'recordings.confirm.title' }, { count: Math.max(1, count) })}
      open={deletion !== null}
      onsl-request-close={(event) => {
        if (event.target !== event.currentTarget) return
        // Deletions under way finish first: the dialog stays until they are done.
        if (deleting) event.preventDefault()
        else closeRecordingDeletion()
      }}
    >
      {deletion?.phase === 'confirming' && (
        <p>{intl.formatMessage({ id: 'recordings.confirm.body' }, { count })}</p>
      )}
      {deleting && (
        <div className="deletion-progress">
          <p role="status">
            {intl.formatMessage(
              { id: 'recordings.deleting' },
              { done: Math.min(done + 1, count), total: count },
            )}
          </p>
          <ProgressBar value={(done / Math.max(1, count)) * 100} />
        </div>
      )}
      {deletion?.phase === 'done' && deletion.failure && (
        <div className="deletion-stopped" role="alert">
          <p>
            {intl.formatMessage(
              { id: 'recordings.deleteStopped' },
              {
                date: formatWhen(intl, deletion.failure.recording.startedAt),
                reason: deletion.failure.reason ?? intl.formatMessage({ id: 'errors.unreachable' }),
                count: deletion.deleted.length,
              },
            )}
          </p>
          {deletion.deleted.length > 0 && (
            <p>
              {intl.formatMessage(
                { id: 'recordings.deletedList' },
                {
                  dates: intl.formatList(
                    deletion.deleted.map((recording) => formatWhen(intl, recording.startedAt)),
                  ),
                },
              )}
            </p>
          )}
        </div>
      )}
      {deletion?.phase === 'done' ? (
        <sl-button slot="footer" onClick={closeRecordingDeletion}>
          {intl.formatMessage({ id: 'recordings.player.close' })}
        </sl-button>
      ) : (
        <>
          <sl-button slot="footer" disabled={deleting} onClick={closeRecordingDeletion}>
            {intl.formatMessage({ id: 'recordings.confirm.cancel' })}
          </sl-button>
          <sl-button
            slot="footer"
            variant="danger"
            className="confirm-delete"
            loading={deleting}
            onClick={() => void confirmRecordingDeletion()}
          >
            {intl.formatMessage({ id: 'recordings.confirm.delete' })}
          </sl-button>
        </>
      )}
    </sl-dialog>
  )
}
