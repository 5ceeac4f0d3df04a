import { HttpError } from '../../services/http'

/**
 * The reason a failed request shows the agent: the server's own words, or null when no server answered
 * (status 0), which the view says in the agent's language: the browser's words ("Failed to fetch") are
 * neither translated nor meant for the agent.
 *
 * @example
 * patch({ error: { kind: 'failed', reason: failureReason(error) } })
 */
export function failureReason(error: unknown): string | null {
  if (error instanceof HttpError && error.status === 0) return null
  return error instanceof Error ? error.message : String(error)
}
