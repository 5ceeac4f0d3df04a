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
 * Loads the names of the segments the server said the agent serves (`agent:authenticated`), sorted
 * by name.
 *
 * @example
 * await loadAgentSegments()
 */
export async function loadAgentSegments(): Promise<void> {
  const mine = ++sequence
  const ids = $user.get()?.segments ?? []
  $agentSegments.set({ status: 'loading' })
  if (ids.length === 0) {
    $agentSegments.set({ status: 'loaded', segments: [] })
    return
  }
  try {
    const query = encodeListQuery({ id: { $in: ids }, $limit: MAX_SEGMENTS, $sort: { name: 1 } })
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
