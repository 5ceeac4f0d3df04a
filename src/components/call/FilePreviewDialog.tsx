import { FormattedMessage, useIntl } from 'react-intl'
import type { TransferItem } from '../../stores/call/files'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/**
 * A file shown inline, full size: an image, a PDF, audio or video, from an object URL typed by the
 * allow-list (see `canPreview`). Nothing else ever gets here, so nothing can run script.
 */
export function FilePreviewDialog({
  item,
  url,
  title,
  onClose,
}: {
  item: TransferItem | null
  url: string | null
  /** The dialog's title (default: the file's name). */
  title?: string | undefined
  onClose: () => void
}) {
  const intl = useIntl()
  const kind = item?.type.split('/')[0]
  return (
    <sl-dialog
      className="file-preview-dialog"
      label={
        item ? (title ?? intl.formatMessage({ id: 'call.files.previewTitle' }, { name: item.name })) : ''
      }
      open={!!item && !!url}
      style={{ '--width': 'min(90vw, 60rem)' } as React.CSSProperties}
      onsl-after-hide={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {item && url && kind === 'image' && <img className="preview-image" src={url} alt={item.name} />}
      {item && url && item.type === 'application/pdf' && (
        <embed className="preview-pdf" src={url} type="application/pdf" title={item.name} />
      )}
      {item && url && kind === 'audio' && <audio className="preview-audio" src={url} controls />}
      {item && url && kind === 'video' && <video className="preview-video" src={url} controls />}
      <sl-button slot="footer" className="preview-close" onClick={onClose}>
        <FormattedMessage id="call.files.close" />
      </sl-button>
    </sl-dialog>
  )
}
