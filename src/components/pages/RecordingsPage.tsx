import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $recordingsList, loadRecordings, resetRecordingsList } from '../../stores/recordings/recordings-list'
import {
  $selectedRecordings,
  askToDeleteRecordings,
  clearRecordingSelection,
  closeRecordingDeletion,
} from '../../stores/recordings/recording-deletion'
import { closeRecordingPlayer, openRecordingPlayer } from '../../stores/recordings/recording-player'
import { $route, navigate } from '../../stores/shell/router'
import { useShadowStyles } from '../root/useShadowStyles'
import { RecordingsFilters } from '../recordings/RecordingsFilters'
import { RecordingsTable } from '../recordings/RecordingsTable'
import { RecordingPlayer } from '../recordings/RecordingPlayer'
import { DeleteRecordingsDialog } from '../recordings/DeleteRecordingsDialog'
import { controlStyles } from '../common/controls.styles'
import { useBackOnline } from '../common/useBackOnline'
import { recordingsStyles } from '../recordings/recordings.styles'

/**
 * Recordings (`/recordings`, and `/recordings/{id}` with the player open): the agent's recordings in a
 * paged, sortable table with filters; play, download, delete one or the ticked ones. Without access
 * it says 'You haven't access to recordings'.
 */
export default function RecordingsPage() {
  const intl = useIntl()
  useShadowStyles(controlStyles, recordingsStyles)
  const state = useStore($recordingsList)
  const selected = useStore($selectedRecordings)
  const route = useStore($route)
  const playing = route.name === 'recording' ? (route.params.id ?? null) : null

  useEffect(() => {
    void loadRecordings()
    return () => {
      resetRecordingsList()
      clearRecordingSelection()
      // A confirmation left open (the agent went back) is not asked again on the next visit;
      // a deletion under way goes on, and its progress shows there.
      closeRecordingDeletion()
    }
  }, [])
  useEffect(() => {
    if (playing) void openRecordingPlayer(playing)
    else closeRecordingPlayer()
  }, [playing])
  useEffect(() => () => closeRecordingPlayer(), [])

  // A list that failed offline loads again once the network is back.
  useBackOnline(() => void loadRecordings(), state.error?.kind === 'failed')

  const filtered = state.filters.statuses.length > 0 || state.filters.from !== '' || state.filters.to !== ''
  const ticked = state.rows.filter((row) => selected.has(row.id))
  return (
    <section className="page recordings-page" aria-labelledby="page-title">
      <div className="page-heading">
        <h2 id="page-title">{intl.formatMessage({ id: 'pages.recordings' })}</h2>
        <span className="spacer"></span>
        <button type="button" className="button text" onClick={() => navigate('/profile/recordings/backups')}>
          {intl.formatMessage({ id: 'recordings.backupsLink' })}
        </button>
        <button type="button" className="button" onClick={() => void loadRecordings()}>
          {intl.formatMessage({ id: 'recordings.refresh' })}
        </button>
      </div>
      {state.error?.kind === 'forbidden' ? (
        <p className="forbidden" role="alert">
          {intl.formatMessage({ id: 'recordings.forbidden' })}
        </p>
      ) : (
        <>
          <RecordingsFilters filters={state.filters} />
          {state.error?.kind === 'failed' && (
            <p className="problem" role="alert">
              {intl.formatMessage(
                { id: 'recordings.loadFailed' },
                { reason: state.error.reason ?? intl.formatMessage({ id: 'errors.unreachable' }) },
              )}{' '}
              <button type="button" className="link-button" onClick={() => void loadRecordings()}>
                {intl.formatMessage({ id: 'recordings.retry' })}
              </button>
            </p>
          )}
          <div className="bulk-actions">
            <button
              type="button"
              className="button delete-selected"
              disabled={ticked.length === 0}
              onClick={() => askToDeleteRecordings(ticked)}
            >
              {intl.formatMessage({ id: 'recordings.deleteSelected' }, { count: ticked.length })}
            </button>
          </div>
          {state.rows.length === 0 && !state.loading && !state.error ? (
            <p className="empty-state" role="status">
              {intl.formatMessage({ id: filtered ? 'recordings.emptyFiltered' : 'recordings.empty' })}
            </p>
          ) : (
            <RecordingsTable state={state} />
          )}
        </>
      )}
      <RecordingPlayer />
      <DeleteRecordingsDialog />
    </section>
  )
}
