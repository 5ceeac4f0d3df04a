import { useIntl } from 'react-intl'
import { canPreview, canSave, type TransferItem } from '../../stores/call/files'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** What a list offers to do with its items (the files view: all of them; the gallery: no cancel or retry). */
export interface FileHandlers {
  url(id: string): string | null
  preview(item: TransferItem): void
  save(id: string): void
  remove(id: string): void
  cancel?(id: string): void
  retry?(id: string): void
  /** Whether a retry can go out now (the channel is open). */
  canRetry?: boolean
}

/**
 * The actions of one file, by its state: download, preview, save and delete once received; cancel while
 * it moves; retry and delete once failed. Each is a labelled button (the name is in the label).
 */
export function FileActions({ item, handlers }: { item: TransferItem; handlers: FileHandlers }) {
  const intl = useIntl()
  const label = (id: string) => intl.formatMessage({ id: id as never }, { name: item.name })
  const moving = item.state === 'receiving' || item.state === 'sending'
  const url = item.state === 'received' ? handlers.url(item.id) : null
  return (
    <div className="file-actions">
      {url && (
        <sl-icon-button
          name="download"
          className="file-download"
          href={url}
          download={item.name}
          label={label('call.files.download')}
        ></sl-icon-button>
      )}
      {canPreview(item) && (
        <sl-icon-button
          name="eye"
          className="file-preview"
          label={label('call.files.preview')}
          onClick={() => handlers.preview(item)}
        ></sl-icon-button>
      )}
      {canSave(item) && (
        <sl-icon-button
          name="cloud-upload"
          className="file-save"
          label={label('call.files.save')}
          onClick={() => handlers.save(item.id)}
        ></sl-icon-button>
      )}
      {moving && handlers.cancel && (
        <sl-icon-button
          name="x-circle"
          className="file-cancel"
          label={label('call.files.cancel')}
          onClick={() => handlers.cancel?.(item.id)}
        ></sl-icon-button>
      )}
      {item.state === 'failed' && handlers.retry && (
        <sl-icon-button
          name="arrow-clockwise"
          className="file-retry"
          label={label('call.files.retry')}
          disabled={!handlers.canRetry}
          onClick={() => handlers.retry?.(item.id)}
        ></sl-icon-button>
      )}
      {(item.state === 'received' || item.state === 'failed' || item.state === 'sent') && (
        <sl-icon-button
          name="trash"
          className="file-delete"
          label={label('call.files.delete')}
          onClick={() => handlers.remove(item.id)}
        ></sl-icon-button>
      )}
    </div>
  )
}
