import { FormattedMessage, useIntl } from 'react-intl'
import { canPreview, type TransferItem } from '../../stores/call/files'
import { FileActions, type FileHandlers } from './FileActions'
import { TransferProgress } from './TransferProgress'
import '@shoelace-style/shoelace/dist/components/tag/tag.js'

/** One capture of the gallery: a thumbnail (opens the full-size preview), when it was taken, its actions. */
export function CaptureCard({ item, handlers }: { item: TransferItem; handlers: FileHandlers }) {
  const intl = useIntl()
  const taken = intl.formatTime(item.at, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
  const url = canPreview(item) ? handlers.url(item.id) : null
  const alt = intl.formatMessage({ id: 'call.capture.alt' }, { time: taken })
  return (
    <li className="capture-card file-item" data-state={item.state} data-id={item.id}>
      {url ? (
        <button type="button" className="capture-thumb" onClick={() => handlers.preview(item)}>
          <img src={url} alt={alt} />
        </button>
      ) : (
        <div className="capture-thumb placeholder" aria-hidden="true"></div>
      )}
      <p className="capture-time">
        <FormattedMessage
          id="call.capture.takenAt"
          values={{ time: <time dateTime={new Date(item.at).toISOString()}>{taken}</time> }}
        />
      </p>
      {item.savedId && (
        <sl-tag size="small" variant="success" className="file-saved">
          <FormattedMessage id="call.files.saved" />
        </sl-tag>
      )}
      {(item.state === 'receiving' || item.state === 'saving') && <TransferProgress item={item} />}
      {item.error && (
        <p className="file-error" role="alert">
          <FormattedMessage id={item.error} />
        </p>
      )}
      <FileActions item={item} handlers={handlers} />
    </li>
  )
}
