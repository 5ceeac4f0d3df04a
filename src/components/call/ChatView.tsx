import { useEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import type SlInput from '@shoelace-style/shoelace/dist/components/input/input.js'
import { $chat, $chatDraft, editChatDraft, markChatRead, sendChatMessage } from '../../stores/call/chat'
import { useShadowRoot } from '../root/shadow-root-context'
import { focusIsOurs } from '../common/focus'
import '@shoelace-style/shoelace/dist/components/input/input.js'
import '@shoelace-style/shoelace/dist/components/icon-button/icon-button.js'

/** Focuses the message field once Shoelace has rendered its inner input. */
async function focusField(input: SlInput | null): Promise<void> {
  if (!input) return
  await customElements.whenDefined(input.localName)
  await input.updateComplete
  if (input.isConnected) input.focus()
}

/**
 * Chat with the customer (and invited agents): lines as plain text, announced as they arrive. The
 * message field keeps the keyboard focus: it takes it when the view opens, keeps it while a line is
 * sent and gets it back after Send. A line leaves the field as soon as it is sent, so the next one can
 * be typed while it travels; if the server refuses it, it comes back ahead of anything typed since.
 * What is typed is kept by the chat store: it is still there after another view, or a reload.
 */
export function ChatView() {
  const intl = useIntl()
  const chat = useStore($chat)
  const root = useShadowRoot()
  const draft = useStore($chatDraft)
  // One line at a time: Enter then the form's implicit submit must not send it twice, and a refused
  // line must find its place back in the field. A ref, as state from the last render may lag.
  const busy = useRef(false)
  const log = useRef<HTMLDivElement>(null)
  const input = useRef<SlInput>(null)

  // The view is open: whatever arrives is read.
  useEffect(() => markChatRead(), [chat.messages.length])
  useEffect(() => {
    log.current?.querySelector('.chat-lines')?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [chat.messages.length])
  // The agent opened the chat to write: the field takes the focus, unless it is in the host page.
  useEffect(() => {
    if (focusIsOurs(root)) void focusField(input.current)
  }, [root])

  /** Puts `text` in the field and in the draft. */
  const fill = (text: string) => {
    editChatDraft(text)
    if (input.current) input.current.value = text
  }

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault()
    // The field's own value: the draft of the last render may lag the keys just typed.
    const text = input.current?.value ?? draft
    if (!text.trim() || busy.current) return
    busy.current = true
    // Out of the field at once: keys typed while the line travels are the next line's, never lost.
    fill('')
    const sent = await sendChatMessage(text)
    busy.current = false
    if (!sent) {
      const typedSince = input.current?.value ?? ''
      fill(typedSince ? `${text} ${typedSince}` : text)
      return
    }
    // After Send the next line is typed in the field (the focus never left it after Enter).
    if (focusIsOurs(root)) void focusField(input.current)
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
          ref={input}
          className="chat-input"
          label={intl.formatMessage({ id: 'call.chat.message' })}
          value={draft}
          maxlength={10000}
          onsl-input={(event) => editChatDraft((event.target as SlInput).value)}
          onKeyDown={(event) => {
            // Enter sends; not while an input method composes a character.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event)
          }}
        ></sl-input>
        {/* Never disabled: disabling it under the focus would drop the focus; an empty line is not sent. */}
        <sl-icon-button
          className="chat-send"
          name="send"
          label={intl.formatMessage({ id: 'call.chat.send' })}
          onClick={(event) => void submit(event)}
        ></sl-icon-button>
      </form>
    </div>
  )
}
