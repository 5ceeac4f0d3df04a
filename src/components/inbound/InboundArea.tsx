import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $inbound } from '../../stores/inbound/inbound'
import { inboundHost } from '../../stores/app/page-host'
import { usePageHost } from '../call/usePageHost'
import { useShadowRoot } from '../root/shadow-root-context'
import { useShadowStyles } from '../root/useShadowStyles'
import { InboundModal } from './InboundModal'
import { RelativeMinutes } from '../call/RelativeMinutes'
import { controlStyles } from '../common/controls.styles'
import { inboundStyles } from './inbound.styles'
import '@shoelace-style/shoelace/dist/components/icon/icon.js'
import { registerInboundIcons } from '../icons/inbound-icons'

// The area's icons come with its lazy chunk, not with the first screen.
registerInboundIcons()

/** Fired on the element (composed) once a ringing modal has been painted: the latency benchmark listens. */
export const INBOUND_PAINTED_EVENT = 'agent-inbound-painted'

/**
 * The inbound-call modal of the page: the console's when it has one, else the first call panel's,
 * never two. Mount it for as long as the agent is signed in: it renders nothing until a call rings,
 * and its live region announces every ring to screen readers.
 */
export default function InboundArea() {
  const root = useShadowRoot()
  const isHost = usePageHost(inboundHost)
  const ringing = useStore($inbound)
  useShadowStyles(controlStyles, inboundStyles)

  if (!isHost) return null
  const painted = () =>
    root?.host.dispatchEvent(
      new CustomEvent(INBOUND_PAINTED_EVENT, {
        detail: { callId: ringing?.call.id },
        bubbles: true,
        composed: true,
      }),
    )
  return (
    <>
      <div className="visually-hidden" aria-live="assertive" role="status">
        {ringing && (
          <FormattedMessage
            id={ringing.call.invitation ? 'call.inbound.announceInvitation' : 'call.inbound.announce'}
            values={{ segment: ringing.call.segment.name, agent: ringing.call.agent ?? '' }}
          />
        )}
      </div>
      {ringing ? (
        <InboundModal key={ringing.call.id} ringing={ringing} onPainted={painted} />
      ) : (
        // The modal's Shoelace icon, rendered once while idle: its first instance (styles, first
        // render) is not paid on the first ring.
        <div hidden className="inbound-prewarm">
          <sl-icon name="telephone"></sl-icon>
          <RelativeMinutes since={0} offsetMinutes={2} />
        </div>
      )}
    </>
  )
}
