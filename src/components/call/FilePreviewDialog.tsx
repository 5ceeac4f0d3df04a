import { FormattedMessage, useIntl } from 'react-intl'
import { previewKind, type TextPreview, type TransferItem } from '../../stores/call/files'
import { TextFilePreview } from './TextFilePreview'
import { useOverlayOpen } from '../common/useOverlayOpen'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/**
 * A file shown inline, full size: an image, a PDF, audio or video, from an object URL typed by the
 * allow-list (see `previewKind`), or plain text read as text (`readText`) into a text node. Nothing
 * else ever gets here, so nothing can run script.
 * A preview asked for while the previous one is still closing waits for that hide (`useOverlayOpen`).
 */
export function FilePreviewDialog({
  item,
  url,
  title,
  readText,
  onClose,
}: {
  item: TransferItem | null
  url: string | null
  /** The dialog's title (default: the file's name). */
  title?: string | undefined
  /** Reads a plain-text item's first bytes as text (the files view; without it text is not shown). */
  readText?: ((id: string) => Promise<TextPreview | null>) | undefined
  /** The preview of `closed` ended (the close button, Escape or the overlay). */
  onClose: (closed: TransferItem) => void
}) {
  const intl = useIntl()
  const overlay = useOverlayOpen(item && url ? item : null, onClose)
  const kind = item ? previewKind(item) : null
  // Nothing is shown while a previous preview is still closing (see useOverlayOpen).
  const content = overlay.open ? item : null
  return (
    <sl-dialog
      className="file-preview-dialog"
      label={
        item ? (title ?? intl.formatMessage({ id: 'call.files.previewTitle' }, { name: item.name })) : ''
      }
      open={overlay.open}
      style={{ '--width': 'min(90vw, calc(60 * var(--agent-rem)))' } as React.CSSProperties}
      onsl-hide={overlay.onHide}
      onsl-after-hide={overlay.onAfterHide}
    >
      {content && url && kind === 'image' && <img className="preview-image" src={url} alt={content.name} />}
      {content && url && kind === 'pdf' && (
        <embed className="preview-pdf" src={url} type="application/pdf" title={content.name} />
      )}
      {content && url && kind === 'audio' && <audio className="preview-audio" src={url} controls />}
      {content && url && kind === 'video' && <video className="preview-video" src={url} controls />}
      {content && kind === 'text' && readText && <TextFilePreview item={content} read={readText} />}
      <sl-button slot="footer" className="preview-close" onClick={() => item && onClose(item)}>
        <FormattedMessage id="call.files.close" />
      </sl-button>
    </sl-dialog>
  )
}
