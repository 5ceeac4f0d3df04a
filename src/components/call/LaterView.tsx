import { FormattedMessage } from 'react-intl'
import { useStore } from '@nanostores/react'
import { $callView } from '../../stores/call/call-views'
import '@shoelace-style/shoelace/dist/components/button/button.js'

/** The place of a tool that arrives in a later version (file share, capture). */
export function LaterView() {
  const view = useStore($callView)
  return (
    <div className="later-view">
      <p>
        <FormattedMessage id="call.later.text" values={{ view }} />
      </p>
      <sl-button disabled>
        <FormattedMessage id={view === 'capture' ? 'call.later.shot' : 'call.later.connect'} />
      </sl-button>
    </div>
  )
}
