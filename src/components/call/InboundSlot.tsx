import { useEffect } from 'react'
import { INBOUND_CHUNK_RETRY_MS } from '../../constants'
import { clock } from '../../services/clock'
import { loadInboundArea } from '../areas'
import { useLazyModule } from '../common/useLazyModule'

/**
 * Loads the inbound modal's chunk as soon as it is mounted (the agent is signed in), so the first
 * ring paints without waiting for the network, and renders it once loaded. A chunk that failed to load
 * (the network was cut at sign-in) is asked for again every {@link INBOUND_CHUNK_RETRY_MS}: there is no
 * area on screen to offer a retry, and a ring must not go unseen. The modal itself decides whether
 * this element or another shows it.
 */
export function InboundSlot() {
  const [state, retry] = useLazyModule(loadInboundArea)
  const failed = state.status === 'failed'
  useEffect(() => {
    if (!failed) return
    const timer = clock.setTimeout(retry, INBOUND_CHUNK_RETRY_MS)
    return () => clock.clearTimeout(timer)
  }, [failed, retry])
  if (state.status !== 'loaded') return null
  const InboundArea = state.module.default
  return <InboundArea />
}
