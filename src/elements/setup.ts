/**
 * The console's side-effect-free entry: importing it defines no element, reads nothing and connects
 * nothing. Configure first, then define the elements, so an element already in the page starts with
 * the host's configuration.
 *
 * @example
 * import { configure, defineElements } from 'agent-console/setup'
 * configure({ apiUrl: 'https://console.example.net/api', socketUrl: 'https://console.example.net' })
 * await defineElements()
 */
export {
  configure,
  type ConfigureOptions,
  type ConsoleConfig,
  type RoutingMode,
  type TokenProvider,
} from '../stores/app/config'
export type { AgentEventMap } from './events/event-map'
export type { LocaleChangeDetail } from './events/locale-change'
export type {
  ConnectionChangeDetail,
  HttpErrorDetail,
  ProtocolErrorDetail,
  SessionChangeDetail,
  StatusChangeDetail,
} from './events/session-events'
export type { CallEndDetail, CallStartDetail, InboundDetail, InboundEndDetail } from './events/call-events'
export type { AppointmentDetail, AppointmentRescheduleDetail } from './events/calendar-events'

/** Each element's defining entry, loaded on demand. */
const ENTRIES = {
  'agent-console': () => import('./agent-console'),
  'agent-login': () => import('./agent-login'),
  'agent-status': () => import('./agent-status'),
  'agent-call-panel': () => import('./agent-call-panel'),
  'agent-calendar': () => import('./agent-calendar'),
} as const

/** The tag of one of the console's elements. */
export type AgentTag = keyof typeof ENTRIES

/** Every tag the console defines. */
export const AGENT_TAGS = Object.keys(ENTRIES) as AgentTag[]

/**
 * Defines the console's elements (all five, or the tags named); elements already in the page upgrade
 * and start then. Resolves once they are defined. A tag already defined (another copy of the console)
 * is left alone.
 *
 * @example
 * await defineElements(['agent-status', 'agent-call-panel'])
 */
export async function defineElements(tags: readonly AgentTag[] = AGENT_TAGS): Promise<void> {
  const unknown = tags.filter((tag) => !Object.hasOwn(ENTRIES, tag))
  if (unknown.length) throw new TypeError(`agent-console: no element ${unknown.join(', ')}`)
  await Promise.all(tags.map((tag) => ENTRIES[tag]()))
}

/**
 * Logs the agent out, as the console's own log-out button does: the server revokes the session, every
 * element returns to its signed-out state and fires `agent-session-change` with `signedIn: false`; a
 * token provider handed in is not asked again until `configure({ tokenProvider })` hands one in anew.
 * A call under way is hung up first; resolves false when that hang-up is kept (an invalid agent form,
 * a refusal of the server, each shown to the agent), and the agent stays signed in. Without a link to the
 * server, the agent is logged out at once.
 *
 * @example
 * document.addEventListener('agent-session-change', (event) => { if (!event.detail.signedIn) showPortalHome() })
 * await logout()
 */
export async function logout(): Promise<boolean> {
  const { hostCommands } = await import('./host-commands')
  return hostCommands.logout()
}

/**
 * Signs the agent in with a one-time claim id minted by the server for a session (what the console's
 * `/login/claim/{id}` route and `<agent-login claim>` do). Resolves once the claim was answered; the
 * session's start shows as `agent-session-change`.
 *
 * @example
 * await claimSession(idFromMyBackend)
 */
export async function claimSession(id: string): Promise<void> {
  const { hostCommands } = await import('./host-commands')
  await hostCommands.claimSession(id)
}
