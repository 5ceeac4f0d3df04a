import { useRef, useState, type DragEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $beamports } from '../../stores/call/beamport'
import {
  $files,
  cancelFile,
  deleteFile,
  fileText,
  fileUrl,
  retryFile,
  saveFile,
  sendFiles,
  type TransferItem,
} from '../../stores/call/files'
import { useShadowStyles } from '../root/useShadowStyles'
import { BeamportConnect } from './BeamportConnect'
import { FilePreviewDialog } from './FilePreviewDialog'
import { FileRow } from './FileRow'
import type { FileHandlers } from './FileActions'
import { filesStyles } from './files.styles'
import { useFocusKept } from '../common/useFocusKept'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/**
 * The file share view (SPEC §2): connect, then send files to the customer (picker or drag and drop)
 * and handle the files both ways: download, preview, save, cancel, delete, retry.
 */
export function FileShareView() {
  useShadowStyles(filesStyles)
  const intl = useIntl()
  const items = useStore($files)
  const { phase } = useStore($beamports).files
  const picker = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [previewing, setPreviewing] = useState<TransferItem | null>(null)
  const open = phase === 'open'
  const view = useRef<HTMLDivElement>(null)
  // A deleted file loses its buttons: the focus goes to the next file's, else to "Send files".
  useFocusKept(view, '.file-item', items.map((item) => `${item.id}:${item.state}`).join())

  const handlers: FileHandlers = {
    url: fileUrl,
    preview: setPreviewing,
    save: (id) => void saveFile(id),
    remove: deleteFile,
    cancel: cancelFile,
    retry: retryFile,
    canRetry: open,
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (open && event.dataTransfer.files.length > 0) sendFiles([...event.dataTransfer.files])
  }

  return (
    <div className="files-view" ref={view}>
      <BeamportConnect channel="files" />
      {open && (
        <div
          className={`file-drop${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <p>
            <FormattedMessage id="call.files.dropHere" />
          </p>
          <sl-button className="file-pick" data-focus-fallback onClick={() => picker.current?.click()}>
            <FormattedMessage id="call.files.send" />
          </sl-button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            aria-label={intl.formatMessage({ id: 'call.files.send' })}
            onChange={(event) => {
              const chosen = [...(event.currentTarget.files ?? [])]
              event.currentTarget.value = ''
              if (chosen.length > 0) sendFiles(chosen)
            }}
          />
        </div>
      )}
      {items.length === 0 ? (
        <p className="files-empty call-muted" tabIndex={-1} data-focus-fallback>
          <FormattedMessage id="call.files.empty" />
        </p>
      ) : (
        <ul
          className="file-list"
          tabIndex={-1}
          data-focus-fallback
          aria-label={intl.formatMessage({ id: 'call.menu.fileShare' })}
        >
          {items.map((item) => (
            <FileRow key={item.id} item={item} handlers={handlers} />
          ))}
        </ul>
      )}
      <FilePreviewDialog
        item={previewing}
        url={previewing ? fileUrl(previewing.id) : null}
        readText={fileText}
        onClose={(closed) => setPreviewing((now) => (now === closed ? null : now))}
      />
    </div>
  )
}
