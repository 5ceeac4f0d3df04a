import {
  AGENT_USER_LEVEL,
  AgentSchema,
  HTTP_PATHS,
  SegmentSchema,
  containsFilter,
  encodeListQuery,
  pagedSchema,
  skipOf,
  type Agent,
  type ListQuery,
  type Paged,
  type Segment,
} from '../../protocol'
import { api } from '../session/connection'

const AgentPageSchema = pagedSchema(AgentSchema)
const SegmentPageSchema = pagedSchema(SegmentSchema)

function paging(page: number, limit: number | null): ListQuery {
  // Without a known page size the server's own applies (SPEC §7).
  return limit ? { $limit: limit, $skip: skipOf(page, limit) } : {}
}

/**
 * One page of agents for the transfer and invite tables: level 5, the current user left out, sorted
 * by first name, optionally filtered case-insensitively on first or last name.
 *
 * @example
 * const page = await fetchAgents({ page: 1, limit: null, exclude: myId, name: 'ana' })
 */
export async function fetchAgents(options: {
  page: number
  limit: number | null
  exclude: string | null
  name: string
}): Promise<Paged<Agent>> {
  const query: ListQuery = {
    ...paging(options.page, options.limit),
    $sort: { firstname: 1 },
    level: AGENT_USER_LEVEL,
  }
  if (options.exclude) query.id = { $ne: options.exclude }
  const name = options.name.trim()
  if (name) query.$or = [{ firstname: containsFilter(name) }, { lastname: containsFilter(name) }]
  const result = await api().get(HTTP_PATHS.users + encodeListQuery(query), { schema: AgentPageSchema })
  // The current user never shows, even from a server that ignores the filter.
  return { ...result, data: result.data.filter((agent) => agent.id !== options.exclude) }
}

/** One page of segments for the transfer table, sorted by name. */
export function fetchSegments(page: number, limit: number | null): Promise<Paged<Segment>> {
  const query: ListQuery = { ...paging(page, limit), $sort: { name: 1 } }
  return api().get(HTTP_PATHS.segments + encodeListQuery(query), { schema: SegmentPageSchema })
}

/** An agent can be chosen for a transfer or an invitation only when online and available (SPEC §5). */
export function isSelectable(agent: Agent): boolean {
  return agent.status.online && agent.status.available
}

/** The agent's full name. */
export function fullName(agent: Pick<Agent, 'firstname' | 'lastname'>): string {
  return `${agent.firstname} ${agent.lastname}`.trim()
}
