/**
 * The ICE candidates a signal carries: a trickled candidate (simple-peer's `{ type: 'candidate',
 * candidate: { candidate } }`) and the `a=candidate:` lines of an offer's or answer's SDP. The pages keep
 * those they received, so a test can check that relay-only never let an address of the other side through.
 */
import type { CandidateType } from '../../src/protocol'

const TYPES: readonly string[] = ['host', 'srflx', 'prflx', 'relay']

/**
 * The candidate strings of a signal (`candidate:… typ relay …`), none for anything else. An
 * end-of-candidates marker (an empty string) is no candidate.
 *
 * @example
 * candidatesOf({ type: 'candidate', candidate: { candidate: 'candidate:1 1 udp 5 10.0.0.2 5000 typ host' } })
 * // ['candidate:1 1 udp 5 10.0.0.2 5000 typ host']
 */
export function candidatesOf(data: Record<string, unknown>): string[] {
  const trickled = data.candidate as { candidate?: unknown } | undefined
  if (trickled && typeof trickled.candidate === 'string')
    return trickled.candidate.trim() ? [trickled.candidate.trim()] : []
  if (typeof data.sdp !== 'string') return []
  // An SDP line is `a=candidate:…`; the candidate string is what follows `a=`.
  return data.sdp
    .split(/\r?\n/)
    .filter((line) => line.startsWith('a=candidate:'))
    .map((line) => line.slice(2).trim())
}

/**
 * A candidate's type (`typ host`, `srflx`, `prflx`, `relay`), null when the string names none.
 *
 * @example
 * candidateTypeOf('candidate:1 1 udp 5 203.0.113.9 3478 typ relay raddr 0.0.0.0 rport 0') // 'relay'
 */
export function candidateTypeOf(candidate: string): CandidateType | null {
  const type = / typ (\S+)/.exec(candidate)?.[1] ?? ''
  return TYPES.includes(type) ? (type as CandidateType) : null
}
