import type { ReactNode } from 'react'
import { FormattedMessage, FormattedNumber, FormattedTime, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type { CallHistoryDetail, FormValues } from '../../protocol'
import type { MessageId } from '../../stores/app/i18n'
import { navigate } from '../../stores/shell/router'
import { $fileDownloads, downloadSavedFile } from '../../stores/history/call-detail'
import { selectKey } from '../common/select-key'
import { registerPageIcons } from '../icons/pages-icons'

// Its icons come with the pages' chunk, not with the elements.
registerPageIcons()

type Detail = CallHistoryDetail

/** A value of a filled form as text. */
function valueText(value: FormValues[string]): string {
  if (value === null || value === '') return '—'
  if (Array.isArray(value)) return value.join(', ') || '—'
  return String(value)
}

/** A titled card of the detail. */
export function Card({ title, children, name }: { title: MessageId; name: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`detail-${name}`} data-section={name}>
      <h3 id={`detail-${name}`}>
        <FormattedMessage id={title} />
      </h3>
      {children}
    </section>
  )
}

/** The customer's browser and place, as the call's info view showed them. */
export function CustomerCard({ detail }: { detail: Detail }) {
  const intl = useIntl()
  const data = detail.extraData
  if (!data) return null
  const rows: [MessageId, string | null][] = [
    ['call.info.ip', data.ip],
    ['call.info.website', data.referrer],
    ['call.info.country', data.countryName ?? data.countryCode],
    ['call.info.region', data.regionName],
    ['call.info.city', data.cityName],
    ['call.info.carrier', data.carrierName],
    ['call.info.browser', [data.browserName, data.browserVersion].filter(Boolean).join(' ') || null],
    ['call.info.os', [data.osName, data.osVersion].filter(Boolean).join(' ') || null],
    ['call.info.device', data.deviceType],
    ['call.info.language', data.langNative],
  ]
  return (
    <Card title="history.detail.customer" name="customer">
      <dl className="field-list">
        {detail.ticketId && (
          <>
            <dt>{intl.formatMessage({ id: 'call.info.ticket' })}</dt>
            <dd>{detail.ticketId}</dd>
          </>
        )}
        {rows.map(([label, value]) => (
          <div key={label} className="pair">
            <dt>{intl.formatMessage({ id: label })}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

/** The customer's form and the agent form, filled. */
export function FormsCard({ detail }: { detail: Detail }) {
  const agentFields = detail.agentForm ?? []
  if (detail.form.length === 0 && agentFields.length === 0) return null
  return (
    <Card title="history.detail.forms" name="forms">
      <dl className="field-list">
        {detail.form.map((field, index) => (
          <div key={`customer-${index}`} className="pair">
            <dt>{field.label}</dt>
            <dd>{valueText(field.value)}</dd>
          </div>
        ))}
        {agentFields.map((field) => (
          <div key={`agent-${field.name}`} className="pair">
            <dt>{field.label}</dt>
            <dd>
              {field.options?.find((option) => option.value === detail.agentFormValues[field.name])?.label ??
                valueText(detail.agentFormValues[field.name] ?? null)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

/** Tags and the agent's comment. */
export function NotesCard({ detail }: { detail: Detail }) {
  return (
    <Card title="history.detail.notes" name="notes">
      <p>
        {detail.tags.length === 0 ? (
          <span className="meta">
            <FormattedMessage id="history.detail.noTags" />
          </span>
        ) : (
          detail.tags.map((tag) => (
            <span key={tag._id} className="tag primary">
              {tag.label}
            </span>
          ))
        )}
      </p>
      {detail.comments ? (
        <p className="comment">{detail.comments}</p>
      ) : (
        <p className="meta">
          <FormattedMessage id="history.detail.noComment" />
        </p>
      )}
    </Card>
  )
}

/** The chat of the call, in order. */
export function TranscriptCard({ detail }: { detail: Detail }) {
  return (
    <Card title="history.detail.chat" name="chat">
      {detail.messages.length === 0 ? (
        <p className="meta">
          <FormattedMessage id="history.detail.noChat" />
        </p>
      ) : (
        <ol className="transcript">
          {detail.messages.map((line) => (
            <li key={line.id} data-from={line.from}>
              <span className="meta">
                <bdi>{line.name}</bdi> · <FormattedTime value={line.at} />
              </span>
              <br />
              <bdi>{line.text}</bdi>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/** Files saved during the call (downloaded with the agent's token) and its recordings. */
export function FilesCard({ detail }: { detail: Detail }) {
  const intl = useIntl()
  const downloads = useStore($fileDownloads)
  return (
    <Card title="history.detail.files" name="files">
      {detail.files.length === 0 && detail.recordings.length === 0 ? (
        <p className="meta">
          <FormattedMessage id="history.detail.noFiles" />
        </p>
      ) : (
        <ul className="item-list">
          {detail.files.map((file) => (
            <li key={file.id}>
              <div className="item-head">
                <bdi>{file.name}</bdi>
                <span className="meta">
                  <FormattedNumber value={file.size / 1024} maximumFractionDigits={1} /> KB
                </span>
                <button
                  type="button"
                  className="button small"
                  disabled={downloads[file.id] === 'downloading'}
                  aria-label={intl.formatMessage({ id: 'history.detail.download' }, { name: file.name })}
                  onClick={() => void downloadSavedFile(file)}
                >
                  <sl-icon name="download" aria-hidden="true"></sl-icon>
                  <FormattedMessage id="history.detail.downloadShort" />
                </button>
              </div>
              {downloads[file.id] === 'failed' && (
                <p className="field-error" role="alert">
                  <FormattedMessage id="history.detail.downloadFailed" />
                </p>
              )}
            </li>
          ))}
          {detail.recordings.map((recording) => (
            <li key={recording.id} data-recording={recording.id}>
              <div className="item-head">
                <bdi>{recording.name}</bdi>
                <span className="tag">
                  <FormattedMessage
                    id="history.recordingStatus"
                    values={{ status: selectKey(recording.status) }}
                  />
                </span>
                <a
                  className="page-link"
                  href={`/recordings?recording=${recording.id}`}
                  onClick={(event) => {
                    event.preventDefault()
                    navigate(`/recordings?recording=${recording.id}`)
                  }}
                >
                  <FormattedMessage id="history.detail.play" />
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** Who the call rang at along the way: transfers and invitations, with what each agent did. */
export function StepsCard({ detail }: { detail: Detail }) {
  if (detail.steps.length === 0) return null
  return (
    <Card title="history.detail.steps" name="steps">
      <ol className="steps">
        {detail.steps.map((step, index) => (
          <li key={index}>
            <FormattedTime value={step.at} />{' '}
            <FormattedMessage
              id="history.detail.step"
              values={{
                agent: step.agent,
                via: step.via,
                from: step.from ?? '',
                outcome: selectKey(step.outcome ?? 'ringing'),
              }}
            />
            {step.segment && <span className="meta"> ({step.segment.name})</span>}
            {step.transferredTo && (
              <>
                {' '}
                <FormattedMessage
                  id="history.detail.transferredTo"
                  values={{ kind: step.transferredTo.kind, name: step.transferredTo.name }}
                />
              </>
            )}
          </li>
        ))}
      </ol>
    </Card>
  )
}
