import { useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { SHORTCUTS } from '../common/shortcuts'
import { useModalDialog } from '../common/useModalDialog'
import { trapTab } from '../common/focus'

interface ShortcutsDialogProps {
  /** Called once the dialog has closed (Escape, the close button). */
  onClose: () => void
}

/**
 * The keyboard shortcuts' help (`?`): a modal native dialog (the rest of the console inert, the focus
 * inside, given back to where it was on close), listing `SHORTCUTS` in the agent's language.
 */
export function ShortcutsDialog({ onClose }: ShortcutsDialogProps) {
  const intl = useIntl()
  const dialog = useRef<HTMLDialogElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  useModalDialog(dialog, close)
  return (
    <dialog
      ref={dialog}
      className="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      onKeyDown={(event) => trapTab(event, dialog.current)}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id="shortcuts-title">
        <FormattedMessage id="shortcuts.title" />
      </h2>
      <p className="shortcuts-scope">
        <FormattedMessage id="shortcuts.scope" />
      </p>
      <table className="shortcuts-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="shortcuts.keys" />
            </th>
            <th scope="col">
              <FormattedMessage id="shortcuts.action" />
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.id} data-shortcut={shortcut.id}>
              <td>
                <kbd>{shortcut.keys}</kbd>
              </td>
              <td>{intl.formatMessage({ id: shortcut.label })}</td>
            </tr>
          ))}
          <tr data-shortcut="help">
            <td>
              <kbd>?</kbd>
            </td>
            <td>
              <FormattedMessage id="shortcuts.title" />
            </td>
          </tr>
        </tbody>
      </table>
      <div className="dialog-actions">
        <button ref={close} type="button" className="button primary shortcuts-close" onClick={onClose}>
          <FormattedMessage id="shortcuts.close" />
        </button>
      </div>
    </dialog>
  )
}
