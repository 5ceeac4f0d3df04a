import type { CandidateType, RelayProtocol } from '../../protocol'

/**
 * Which way a call's media goes, in the agent's words: `direct` (host, or through a NAT), through a relay
 * (TURN) over `udp`, `tcp` or `tls` (`relay` when the browser does not say which), `unknown` before it flows.
 * Apart from the measuring, so the history's detail says it without loading the call's stores.
 */
export type MediaTransport = 'direct' | 'udp' | 'tcp' | 'tls' | 'relay' | 'unknown'

/**
 * The transport of a path, from the candidate type and relay protocol `getStats()` gave.
 *
 * @example
 * transportOf('relay', 'tcp') // 'tcp'
 */
export function transportOf(
  candidateType: CandidateType | null,
  relayProtocol: RelayProtocol | null,
): MediaTransport {
  if (candidateType === null) return 'unknown'
  if (candidateType !== 'relay') return 'direct'
  return relayProtocol ?? 'relay'
}
