import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import {
  $recordingBackups,
  deleteRecordingBackup,
  downloadRecordingBackup,
  loadRecordingBackups,
  requestRecordingBackup,
} from '../../stores/recordings/recording-backups'
import { navigate } from '../../stores/shell/router'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from '../common/controls.styles'
import { recordingsStyles } from '../recordings/recordings.styles'
import { formatBytes } from '../recordings/format'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'
import { ProgressBar } from '../common/ProgressBar'
import { registerRecordingIcons } from '../icons/recordings-icons'
import { useFocusKept } from '../common/useFocusKept'
import { useBackOnline } from '../common/useBackOnline'

// The download and delete icons come with the page's lazy chunk, not with the first screen.
registerRecordingIcons()

/**
 * Recordings backups (`/profile/recordings/backups`): ask for a zip of the recordings between two days,
 * watch it being prepared, download it for 7 days.
 */
export default function RecordingBackupsPage() {
  const intl = useIntl()
  useShadowStyles(controlStyles, recordingsStyles)
  const state = useStore($recordingBackups)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  useEffect(() => void loadRecordingBackups(), [])
  // A list that failed offline loads again once the network is back.
  useBackOnline(() => void loadRecordingBackups(), state.error?.kind === 'failed')
  const list = useRef<HTMLDivElement>(null)
  // Deleting a backup removes its row: the focus goes to the next backup, not to the page.
  useFocusKept(list, 'tr[data-backup-id]', state.backups.map((backup) => backup.id).join())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void requestRecordingBackup(from, to)
  }
  const problem = state.requestProblem
  const day = (value: string) => intl.formatDate(`${value}T12:00:00`, { dateStyle: 'medium' })
  return (
    <section className="page backups-page" aria-labelledby="page-title">
      <div className="page-heading">
        <h2 id="page-title">{intl.formatMessage({ id: 'pages.profileBackups' })}</h2>
        <span className="spacer"></span>
        <button type="button" className="button text" onClick={() => navigate('/recordings')}>
          {intl.formatMessage({ id: 'backups.back' })}
        </button>
      </div>
      <p className="help">{intl.formatMessage({ id: 'backups.intro' })}</p>
      {state.error?.kind === 'forbidden' ? (
        <p className="forbidden" role="alert">
          {intl.formatMessage({ id: 'recordings.forbidden' })}
        </p>
      ) : (
        <>
          <form className="backup-request" onSubmit={submit} noValidate>
            <label>
              <span>{intl.formatMessage({ id: 'backups.from' })}</span>
              <input
                className="input"
                type="date"
                name="from"
                value={from}
                required
                onChange={(event) => setFrom(event.target.value)}
              />
            </label>
            <label>
              <span>{intl.formatMessage({ id: 'backups.to' })}</span>
              <input
                className="input"
                type="date"
                name="to"
                value={to}
                required
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'backup-problem' : undefined}
                onChange={(event) => setTo(event.target.value)}
              />
            </label>
            {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
            <button type="submit" className="button primary" aria-disabled={state.requesting}>
              {intl.formatMessage({ id: 'backups.request' })}
            </button>
            {problem && (
              <p id="backup-problem" className="problem" role="alert">
                {'messageId' in problem
                  ? intl.formatMessage({ id: problem.messageId })
                  : intl.formatMessage(
                      { id: 'backups.requestFailed' },
                      { reason: problem.reason ?? intl.formatMessage({ id: 'errors.unreachable' }) },
                    )}
              </p>
            )}
          </form>
          {state.error?.kind === 'failed' && (
            <p className="problem" role="alert">
              {intl.formatMessage(
                { id: 'backups.loadFailed' },
                { reason: state.error.reason ?? intl.formatMessage({ id: 'errors.unreachable' }) },
              )}
            </p>
          )}
          <div ref={list}>
            {state.backups.length === 0 && !state.loading && !state.error ? (
              <p className="empty-state" role="status" tabIndex={-1} data-focus-fallback>
                {intl.formatMessage({ id: 'backups.empty' })}
              </p>
            ) : (
              <div className="backups-table">
                <table>
                  <caption className="visually-hidden">
                    {intl.formatMessage({ id: 'backups.caption' })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage({ id: 'backups.column.range' })}</th>
                      <th scope="col">{intl.formatMessage({ id: 'backups.column.recordings' })}</th>
                      <th scope="col">{intl.formatMessage({ id: 'recordings.column.status' })}</th>
                      <th scope="col">{intl.formatMessage({ id: 'recordings.column.size' })}</th>
                      <th scope="col">{intl.formatMessage({ id: 'backups.column.expires' })}</th>
                      <th scope="col">{intl.formatMessage({ id: 'recordings.column.actions' })}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.backups.map((backup) => {
                      const range = intl.formatMessage(
                        { id: 'backups.range' },
                        { from: day(backup.from), to: day(backup.to) },
                      )
                      const percent = intl.formatNumber(backup.progress, { style: 'percent' })
                      return (
                        <tr key={backup.id} data-backup-id={backup.id} data-status={backup.status}>
                          <td>{range}</td>
                          <td>{backup.count}</td>
                          <td>
                            <span className={`status-tag backup-${backup.status}`}>
                              {intl.formatMessage({ id: 'backups.status' }, { status: backup.status })}
                            </span>
                            {backup.status === 'building' && (
                              <ProgressBar
                                value={backup.progress * 100}
                                label={intl.formatMessage({ id: 'backups.progress' }, { percent })}
                              />
                            )}
                          </td>
                          <td>{formatBytes(intl, backup.size)}</td>
                          <td>
                            {backup.expiresAt
                              ? intl.formatDate(backup.expiresAt, { dateStyle: 'medium', timeStyle: 'short' })
                              : '—'}
                          </td>
                          <td className="row-actions">
                            <sl-icon-button
                              className="download"
                              name="download"
                              label={intl.formatMessage({ id: 'backups.download' }, { range })}
                              disabled={backup.status !== 'ready'}
                              onClick={() => downloadRecordingBackup(backup)}
                            ></sl-icon-button>
                            <sl-icon-button
                              className="delete"
                              name="trash"
                              label={intl.formatMessage({ id: 'backups.delete' }, { range })}
                              disabled={backup.status === 'queued' || backup.status === 'building'}
                              onClick={() => void deleteRecordingBackup(backup)}
                            ></sl-icon-button>
                          </td>
                        </tr>
                      )
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  )
}
