import { useLayoutEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $feedback, closeFeedback, openFeedback } from '../../stores/profile/feedback'
import { PageLoading } from '../common/PageStates'

/** The feedback widget in a modal dialog (native `<dialog>`), opened with its SSO token. */
export function FeedbackDialog() {
  const intl = useIntl()
  const state = useStore($feedback)
  const dialog = useRef<HTMLDialogElement>(null)
  const open = state.status !== 'closed'
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      className="feedback-dialog"
      aria-labelledby="feedback-title"
      onClose={() => closeFeedback()}
    >
      <div className="dialog-header">
        <h2 id="feedback-title">
          <FormattedMessage id="profile.feedback" />
        </h2>
        <button
          type="button"
          className="button text"
          aria-label={intl.formatMessage({ id: 'profile.feedbackClose' })}
          onClick={() => closeFeedback()}
        >
          <sl-icon name="x-lg" aria-hidden="true"></sl-icon>
        </button>
      </div>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'failed' && (
        <div className="notice danger" role="alert">
          <p>
            <FormattedMessage id="profile.feedbackFailed" />
          </p>
          <button type="button" className="button small" onClick={() => void openFeedback()}>
            <FormattedMessage id="errors.retry" />
          </button>
        </div>
      )}
      {state.status === 'open' && (
        <iframe
          className="feedback-frame"
          src={state.url}
          title={intl.formatMessage({ id: 'profile.feedbackFrame' })}
          sandbox="allow-scripts allow-forms allow-same-origin"
          referrerPolicy="no-referrer"
        ></iframe>
      )}
    </dialog>
  )
}
