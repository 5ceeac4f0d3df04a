import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $beamports, openBeamport, type BeamportChannel } from '../../stores/call/beamport'
import { $customerGone } from '../../stores/call/call-customer'
import '@shoelace-style/shoelace/dist/components/button/button.js'
import '@shoelace-style/shoelace/dist/components/spinner/spinner.js'

/**
 * The top of the files and capture views: a connect button while the channel is closed (it emits
 * `beamport:open`), then where the connection stands.
 */
export function BeamportConnect({ channel }: { channel: BeamportChannel }) {
  const { phase } = useStore($beamports)[channel]
  const customerGone = useStore($customerGone)
  // A customer who hung up or was removed is not coming back: there is nothing to connect to.
  if (customerGone)
    return (
      <p className="beamport-state" data-phase="gone" role="status">
        <FormattedMessage id="call.customer.gone" />
      </p>
    )
  if (phase === 'open')
    return (
      <p className="beamport-state" data-phase={phase} role="status">
        <FormattedMessage id="call.beamport.open" />
      </p>
    )
  if (phase === 'closed')
    return (
      <div className="beamport-connect" data-phase={phase}>
        <p>
          <FormattedMessage id={channel === 'files' ? 'call.files.intro' : 'call.capture.intro'} />
        </p>
        <sl-button variant="primary" className="beamport-open" onClick={() => void openBeamport(channel)}>
          <FormattedMessage id="call.beamport.connect" />
        </sl-button>
      </div>
    )
  return (
    <p className="beamport-state" data-phase={phase} role="status">
      <sl-spinner></sl-spinner>{' '}
      {/* Still trying, with the reason it has not worked so far: no path through the networks between. */}
      <FormattedMessage
        id={phase === 'unreachable' ? 'call.beamport.unreachable' : 'call.beamport.connecting'}
      />
    </p>
  )
}
