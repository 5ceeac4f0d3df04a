import { loadInboundArea } from '../areas'
import { useLazyModule } from '../common/useLazyModule'

/**
 * Loads the inbound modal's chunk as soon as it is mounted (the agent is signed in), so the first
 * ring paints without waiting for the network, and renders it once loaded. The modal itself decides
 * whether this element or another shows it.
 */
export function InboundSlot() {
  const [state] = useLazyModule(loadInboundArea)
  if (state.status !== 'loaded') return null
  const InboundArea = state.module.default
  return <InboundArea />
}
