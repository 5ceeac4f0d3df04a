import { atom, computed } from 'nanostores'
import { HTTP_PATHS, SegmentSchema, encodeListQuery, pagedSchema, type Segment } from '../../protocol'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { $user } from '../session/session'

const SegmentPageSchema = pagedSchema(SegmentSchema)
// An agent serves a handful of segments; one page holds them all.
const MAX_SEGMENTS = 100

/** The agent's own segments with their names: loading, loaded, or failed ('error getting segments'). */
export type AgentSegmentsState =
  { status: 'idle' | 'loading' } | { status: 'loaded'; segments: Segment[] } | { status: 'failed' }

/** The segments the agent serves. */
export const $agentSegments = atom<AgentSegmentsState>({ status: 'idle' })

/** The segments once loaded (empty before). */
export const $agentSegmentList = computed($agentSegments, (state) =>
  state.status === 'loaded' ? state.segments : [],
)

let sequence = 0

/**
 * Loads the segments the agent serves, sorted by name: those `agent:authenticated` named once the
 * console is connected, else (before Connect: no socket yet) the server's own list of them (`mine=true`).
 *
 * @example
 * await loadAgentSegments()
 */
export async function loadAgentSegments(): Promise<void> {
  const mine = ++sequence
  const ids = $user.get()?.segments ?? null
  $agentSegments.set({ status: 'loading' })
  if (ids?.length === 0) {
    $agentSegments.set({ status: 'loaded', segments: [] })
    return
  }
  try {
    // Issue 69: before Connect the page said "You do not serve any segment" to an agent who serves some.
    const filter = ids ? { id: { $in: ids } } : { mine: true }
    const query = encodeListQuery({ ...filter, $limit: MAX_SEGMENTS, $sort: { name: 1 } })
    const page = await api().get(HTTP_PATHS.segments + query, { schema: SegmentPageSchema })
    if (mine === sequence) $agentSegments.set({ status: 'loaded', segments: page.data })
  } catch (error) {
    console.warn('[agent-console] segments could not be loaded', error)
    if (mine === sequence) $agentSegments.set({ status: 'failed' })
  }
}

onLogout(() => {
  sequence++
  $agentSegments.set({ status: 'idle' })
})
