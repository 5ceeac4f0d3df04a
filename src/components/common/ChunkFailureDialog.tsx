import { useId, useRef } from 'react'
import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../stores/app/i18n'
import { useShadowStyles } from '../root/useShadowStyles'
import { controlStyles } from './controls.styles'
import { chunkFailureDialogStyles } from './chunk-failure-dialog.styles'
import { useModalDialog } from './useModalDialog'
import { trapTab } from './focus'

interface ChunkFailureDialogProps {
  /** The heading: what the agent asked for (the schedule button's own words). */
  titleId: MessageId
  /** Why it is not there (errors.chunk, errors.chunkTimeout, errors.chunkStuck). */
  messageId: MessageId
  /** Asks for the chunk again. */
  onRetry: () => void
  /** When given, a button reloads the page (a chunk that stays unloadable in this page). */
  onReload?: (() => void) | undefined
  /** The agent gave up: the overlay is not wanted any more. */
  onClose: () => void
}

/**
 * A modal native dialog saying an overlay (a drawer the agent opened) could not be loaded, with a retry
 * and a way out: in the page's flow the failure sat under the bottom menu, pushed the console up and
 * could not be dismissed. The focus goes to the retry, and back to where it was on close.
 */
export function ChunkFailureDialog({
  titleId,
  messageId,
  onRetry,
  onReload,
  onClose,
}: ChunkFailureDialogProps) {
  useShadowStyles(controlStyles, chunkFailureDialogStyles)
  const dialog = useRef<HTMLDialogElement>(null)
  const retry = useRef<HTMLButtonElement>(null)
  useModalDialog(dialog, retry)
  // Unique ids: two consoles on one page (or two elements in one root) must not share them.
  const titleElementId = useId()
  const messageElementId = useId()
  return (
    <dialog
      ref={dialog}
      className="chunk-failure-dialog"
      role="alertdialog"
      aria-labelledby={titleElementId}
      aria-describedby={messageElementId}
      onKeyDown={(event) => trapTab(event, dialog.current)}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={titleElementId}>
        <FormattedMessage id={titleId} />
      </h2>
      <p id={messageElementId}>
        <FormattedMessage id={messageId} />
      </p>
      <div className="dialog-actions">
        <button type="button" className="button close" onClick={onClose}>
          <FormattedMessage id="errors.close" />
        </button>
        {onReload && (
          <button type="button" className="button reload" onClick={onReload}>
            <FormattedMessage id="errors.reloadPage" />
          </button>
        )}
        <button ref={retry} type="button" className="button primary retry" onClick={onRetry}>
          <FormattedMessage id="errors.retry" />
        </button>
      </div>
    </dialog>
  )
}
