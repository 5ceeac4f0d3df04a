import { useStore } from '@nanostores/react'
import { $call } from '../../stores/call/call'
import { $signedIn } from '../../stores/session/logout'
import { loadCallArea } from '../areas'
import { LazyArea } from '../common/LazyArea'
import { useShadowStyles } from '../root/useShadowStyles'
import { CallIdle } from './CallIdle'
import { InboundSlot } from './InboundSlot'
import { panelStyles } from './panel.styles'

/**
 * `<agent-call-panel>`'s content: the call area (a lazy chunk) while a call or meeting is active,
 * the idle state otherwise, and the inbound modal when no `<agent-console>` on the page shows it.
 */
export function CallPanel() {
  const call = useStore($call)
  const signedIn = useStore($signedIn)
  useShadowStyles(panelStyles)
  return (
    <div className="call-panel">
      {signedIn && <InboundSlot />}
      {call ? <LazyArea load={loadCallArea} props={{}} /> : <CallIdle />}
    </div>
  )
}
