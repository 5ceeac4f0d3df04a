import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $chat, markChatRead, sendChatMessage } from '../../stores/call/chat'
import '@shoelace-style/shoelace/dist/components/input/input.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** Chat with the customer (and invited agents): lines as plain text, announced as they arrive. */
export function ChatView() {
  const intl = useIntl()
  const chat = useStore($chat)
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const log = useRef<HTMLDivElement>(null)

  // The view is open: whatever arrives is read.
  useEffect(() => markChatRead(), [chat.messages.length])
  useEffect(() => {
    log.current?.querySelector('.chat-lines')?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [chat.messages.length])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!draft.trim() || sending) return
    setSending(true)
    if (await sendChatMessage(draft)) setDraft('')
    setSending(false)
  }

  return (
    <div className="chat-view">
      {/* The log wraps the list: a role on the <ol> itself would leave its items outside a list. */}
      <div
        className="chat-log"
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={intl.formatMessage({ id: 'call.menu.chat' })}
      >
        <ol className="chat-lines">
          {chat.messages.length === 0 && (
            <li className="call-muted">
              <FormattedMessage id="call.chat.empty" />
            </li>
          )}
          {chat.messages.map((line) => (
            <li key={line.id} className={`chat-line ${line.peerId === chat.me ? 'mine' : 'theirs'}`}>
              <bdi className="chat-author">{line.name}</bdi>
              <bdi className="chat-text">{line.text}</bdi>
              <time dateTime={line.at}>
                {intl.formatTime(line.at, { hour: '2-digit', minute: '2-digit' })}
              </time>
            </li>
          ))}
        </ol>
      </div>
      <form className="chat-form" onSubmit={(event) => void submit(event)}>
        <sl-input
          className="chat-input"
          label={intl.formatMessage({ id: 'call.chat.message' })}
          value={draft}
          maxlength={10000}
          disabled={sending}
          onsl-input={(event) => setDraft((event.target as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit(event)
          }}
        ></sl-input>
        <sl-icon-button
          name="send"
          label={intl.formatMessage({ id: 'call.chat.send' })}
          disabled={!draft.trim() || sending}
          onClick={(event) => void submit(event)}
        ></sl-icon-button>
      </form>
    </div>
  )
}
