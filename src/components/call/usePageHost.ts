import { useEffect, useState } from 'react'
import { useStore } from '@nanostores/react'
import { CONSOLE_RANK, ELEMENT_RANK, type PageHost } from '../../stores/app/page-host'
import { useShadowRoot } from '../root/shadow-root-context'

/**
 * Offers this view for a page-wide role and tells whether it plays it: `<agent-console>` wins over
 * other elements, then the first mounted.
 *
 * @example
 * const isHost = usePageHost(inboundHost)
 */
export function usePageHost(host: PageHost): boolean {
  const root = useShadowRoot()
  const [me] = useState(() => Symbol('page-host'))
  const current = useStore(host.$host)
  const rank = root?.host.localName === 'agent-console' ? CONSOLE_RANK : ELEMENT_RANK
  useEffect(() => host.offer(me, rank), [host, me, rank])
  return current === me
}
