import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { answerInbound, dismissInbound, type Ringing } from '../../stores/inbound/inbound'
import { requestFocus } from '../../stores/app/focus-request'
import { shortcutOf } from '../common/shortcuts'
import { learnKeyboardLayout } from '../../stores/app/keyboard-layout'
import { trapTab } from '../common/focus'
import { $ringingTone } from '../../stores/profile/ringtone'
import { NetworkQuality } from '../call/NetworkQuality'
import { InboundDetails } from './InboundDetails'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { registerInboundIcons } from '../icons/inbound-icons'

// The modal's icons come with its lazy chunk, not with the first screen.
registerInboundIcons()

interface InboundModalProps {
  ringing: Ringing
  /** Called once the modal has been painted (the latency benchmark listens). */
  onPainted?: () => void
}

/**
 * The ringing call as a modal dialog in the top layer (native `<dialog>`: no animation to wait for,
 * focus kept inside, the host page's stacking cannot cover it). Answer has the focus, so Enter
 * answers; Tab reaches dismiss. Escape does not dismiss: a call is never lost to a stray key.
 */
export function InboundModal({ ringing, onPainted }: InboundModalProps) {
  const intl = useIntl()
  const dialog = useRef<HTMLDialogElement>(null)
  const answer = useRef<HTMLButtonElement>(null)
  const { call } = ringing
  const tone = useStore($ringingTone)

  useLayoutEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    // Answer takes the focus, so Enter answers.
    answer.current?.focus()
    void learnKeyboardLayout()
    return () => element?.close()
  }, [])

  useEffect(() => {
    if (!onPainted) return
    const frame = requestAnimationFrame(() => onPainted())
    return () => cancelAnimationFrame(frame)
  }, [onPainted, call.id])

  const answerCall = () => {
    if (ringing.answering) return
    // The modal goes away with the focus: the agent's next action is in the call.
    requestFocus('call')
    void answerInbound()
  }
  const dismiss = () => {
    if (!ringing.answering) dismissInbound()
  }
  // Alt+A answers, Alt+X dismisses: the modal holds the focus while it rings.
  const onKeyDown = (event: KeyboardEvent) => {
    trapTab(event, dialog.current)
    const shortcut = shortcutOf(event.nativeEvent)
    const action = shortcut === 'answer' ? answerCall : shortcut === 'dismiss' ? dismiss : null
    if (!action) return
    event.preventDefault()
    action()
  }

  const title = intl.formatMessage({
    id: call.invitation ? 'call.inbound.invitationTitle' : 'call.inbound.title',
  })
  return (
    <dialog
      ref={dialog}
      className="inbound-modal"
      role="alertdialog"
      aria-labelledby="inbound-title"
      aria-describedby="inbound-details"
      data-call-id={call.id}
      data-ringtone={tone ?? undefined}
      onCancel={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      <div className="inbound-header">
        <sl-icon name={call.invitation ? 'person-plus' : 'telephone-inbound'} aria-hidden="true"></sl-icon>
        <h2 id="inbound-title">{title}</h2>
        {call.priority && (
          <span className="pill warning vip-tag">
            <sl-icon name="star-fill" aria-hidden="true"></sl-icon>
            <FormattedMessage id="call.inbound.vip" />
          </span>
        )}
      </div>
      <div id="inbound-details">
        <InboundDetails call={call} receivedAt={ringing.receivedAt} />
      </div>
      <NetworkQuality />
      <div className="inbound-actions">
        <button
          type="button"
          ref={answer}
          className="button large success answer-button"
          aria-busy={ringing.answering}
          aria-keyshortcuts="Alt+A"
          onClick={answerCall}
        >
          <sl-icon name="telephone" aria-hidden="true"></sl-icon>
          <FormattedMessage id="call.inbound.answer" />
        </button>
        <button
          type="button"
          className="button large danger dismiss-button"
          disabled={ringing.answering}
          aria-keyshortcuts="Alt+X"
          onClick={dismiss}
        >
          <sl-icon name="telephone-x" aria-hidden="true"></sl-icon>
          <FormattedMessage id="call.inbound.dismiss" />
        </button>
      </div>
    </dialog>
  )
}
