import { FormattedMessage, useIntl } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $call } from '../../stores/call/call'
import { $callCustomer } from '../../stores/call/call-customer'
import { callAreaHost } from '../../stores/app/page-host'
import { useShadowStyles } from '../root/useShadowStyles'
import { usePageHost } from './usePageHost'
import { CallStage } from './CallStage'
import { MediaQualityIndicator } from './MediaQualityIndicator'
import { SideMenu } from './SideMenu'
import { CallViewHost } from './CallViewHost'
import { TransferDialog } from './TransferDialog'
import { InviteDialog } from './InviteDialog'
import { KickDialog } from './KickDialog'
import { callStyles } from './call.styles'
import { registerCallIcons } from '../icons/call-icons'
import { isolateBidi } from '../../lib/bidi'

registerCallIcons()

/**
 * The call container (lazy chunk): the video stage, the side menu and its view, and the transfer,
 * invite and kick dialogs. One per page shows the call (the console's when there is one); another
 * element on the same page says where the call is.
 */
export default function CallArea() {
  const intl = useIntl()
  const call = useStore($call)
  const customer = useStore($callCustomer)
  const isHost = usePageHost(callAreaHost)
  useShadowStyles(callStyles)
  if (!call) return null
  if (!isHost)
    return (
      <p className="call-elsewhere">
        <FormattedMessage id="call.shownElsewhere" />
      </p>
    )
  const title = call.kind === 'meeting' ? (call.appointment?.title ?? '') : customer.name
  return (
    <section
      className={`call-area ${call.kind}`}
      aria-label={intl.formatMessage(
        { id: 'call.area.label' },
        { kind: call.kind, name: isolateBidi(title) },
      )}
      data-call-id={call.id}
    >
      <div className="call-layout">
        <header className="call-header">
          <h2>
            <FormattedMessage id="call.area.label" values={{ kind: call.kind, name: <bdi>{title}</bdi> }} />
          </h2>
          <MediaQualityIndicator />
          {(customer.hungUp || customer.kicked || customer.timedOut) && (
            <p className="customer-left" role="status">
              <FormattedMessage
                id={
                  customer.kicked
                    ? 'call.customer.kickedNote'
                    : customer.hungUp
                      ? 'call.customer.hangup'
                      : 'call.customer.timeout'
                }
                values={{ name: <bdi>{customer.name}</bdi> }}
              />
            </p>
          )}
        </header>
        <CallStage />
        <SideMenu />
        <CallViewHost />
        {call.kind === 'call' && (
          <>
            <TransferDialog />
            <InviteDialog />
            <KickDialog />
          </>
        )}
      </div>
    </section>
  )
}
