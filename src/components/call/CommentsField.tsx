import { useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callComments, COMMENTS_MAX, editComments } from '../../stores/call/call-comments'
import { SaveIndicator } from './SaveIndicator'
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js'

/**
 * The agent's comments on the call, saved 500 ms after the last keystroke, with the save state and a
 * counter against the server's limit (over it, nothing is sent and the field says why).
 */
export function CommentsField() {
  const intl = useIntl()
  const comments = useStore($callComments)
  return (
    <div className="comments-field">
      <sl-textarea
        label={intl.formatMessage({ id: 'call.info.comments' })}
        rows={4}
        resize="auto"
        value={comments.text}
        help-text={intl.formatMessage(
          { id: 'call.comments.count' },
          { count: comments.text.length, max: COMMENTS_MAX },
        )}
        data-invalid={comments.status === 'tooLong' ? '' : undefined}
        aria-invalid={comments.status === 'tooLong' ? 'true' : 'false'}
        onsl-input={(event) => editComments((event.target as HTMLTextAreaElement).value)}
      ></sl-textarea>
      <SaveIndicator status={comments.status} />
    </div>
  )
}
