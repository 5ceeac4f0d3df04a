import { useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $beamports } from '../../stores/call/beamport'
import {
  $captureLock,
  $captures,
  captureUrl,
  deleteCapture,
  saveCapture,
  takeCapture,
} from '../../stores/call/capture'
import type { TransferItem } from '../../stores/call/files'
import { useShadowStyles } from '../root/useShadowStyles'
import { BeamportConnect } from './BeamportConnect'
import { CaptureCard } from './CaptureCard'
import { FilePreviewDialog } from './FilePreviewDialog'
import type { FileHandlers } from './FileActions'
import { filesStyles } from './files.styles'
import { useFocusKept } from '../common/useFocusKept'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'

/**
 * The capture view (SPEC §2): connect, then 'Capturar' asks the customer's page for a capture of their
 * screen (locked 1 s after each shot and until the customer answers); the captures form a gallery.
 */
export function CaptureView() {
  useShadowStyles(filesStyles)
  const intl = useIntl()
  const shots = useStore($captures)
  const lock = useStore($captureLock)
  const { phase } = useStore($beamports).capture
  const [previewing, setPreviewing] = useState<TransferItem | null>(null)
  const view = useRef<HTMLDivElement>(null)
  // A deleted capture loses its buttons: the focus goes to the next one's, else to "Capture".
  useFocusKept(view, '.capture-card', shots.map((shot) => `${shot.id}:${shot.state}`).join())
  const handlers: FileHandlers = {
    url: captureUrl,
    preview: setPreviewing,
    save: (id) => void saveCapture(id),
    remove: deleteCapture,
  }
  return (
    <div className="capture-view" ref={view}>
      <BeamportConnect channel="capture" />
      {phase === 'open' && (
        <div className="capture-controls">
          {/* Locked with aria-disabled, not disabled: a disabled button drops the keyboard focus at each shot. */}
          <button
            type="button"
            className="capture-shot"
            data-focus-fallback
            aria-disabled={lock.locked}
            onClick={takeCapture}
          >
            {lock.awaiting ? (
              <sl-spinner aria-hidden="true"></sl-spinner>
            ) : (
              <sl-icon name="camera" aria-hidden="true"></sl-icon>
            )}
            <FormattedMessage id="call.capture.shot" />
          </button>
          {lock.awaiting && (
            <span className="capture-waiting call-muted" role="status">
              <FormattedMessage id="call.capture.waiting" />
            </span>
          )}
        </div>
      )}
      {shots.length === 0 ? (
        <p className="captures-empty call-muted" tabIndex={-1} data-focus-fallback>
          <FormattedMessage id="call.capture.empty" />
        </p>
      ) : (
        <ul
          className="capture-gallery"
          tabIndex={-1}
          data-focus-fallback
          aria-label={intl.formatMessage({ id: 'call.capture.gallery' })}
        >
          {shots.map((shot) => (
            <CaptureCard key={shot.id} item={shot} handlers={handlers} />
          ))}
        </ul>
      )}
      <FilePreviewDialog
        item={previewing}
        url={previewing ? captureUrl(previewing.id) : null}
        title={
          previewing
            ? intl.formatMessage(
                { id: 'call.capture.alt' },
                {
                  time: intl.formatTime(previewing.at, {
                    hour: '2-digit',
                    minute: '2-digit',
                    second: '2-digit',
                  }),
                },
              )
            : undefined
        }
        onClose={(closed) => setPreviewing((now) => (now === closed ? null : now))}
      />
    </div>
  )
}
