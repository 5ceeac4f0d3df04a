import { atom } from 'nanostores'
import {
  ActiveSessionsSchema,
  EndedSessionsSchema,
  HTTP_PATHS,
  OkSchema,
  type ActiveSession,
} from '../../protocol'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** What the sessions page shows: the list, or why there is none. */
export interface SessionsState {
  /** `loading` until the first answer; `failed` when the list could not be read (nothing to show). */
  phase: 'loading' | 'ready' | 'failed'
  sessions: readonly ActiveSession[]
  /** The id being ended, `others` while every other one is, or null. */
  ending: string | null
  /** An ending refused or lost: the page says so and keeps the list. */
  endFailed: boolean
  /** How many sessions the last ending ended (the page announces it); null before any. */
  ended: number | null
}

const INITIAL: SessionsState = { phase: 'loading', sessions: [], ending: null, endFailed: false, ended: null }

/** The profile's sessions page (`/profile/sessions`): the agent's live sign-ins (ASVS 7.4.5). */
export const $sessions = atom<SessionsState>(INITIAL)

// A reload started later wins: an answer that comes back after a newer one is dropped.
let generation = 0

/**
 * Reads the agent's live sessions (`GET /auth/sessions`). A failure on the first load shows the error;
 * a failure after an ending keeps the list on screen.
 *
 * @example
 * await loadSessions()
 */
export async function loadSessions(): Promise<void> {
  const run = ++generation
  try {
    const { sessions } = await api().get(HTTP_PATHS.sessions, { schema: ActiveSessionsSchema })
    if (run === generation) $sessions.set({ ...$sessions.get(), phase: 'ready', sessions })
  } catch (error) {
    console.warn('[agent-console] the sessions could not be read', error)
    if (run === generation && $sessions.get().phase !== 'ready')
      $sessions.set({ ...$sessions.get(), phase: 'failed' })
  }
}

async function ending(key: string, end: () => Promise<number>): Promise<boolean> {
  if ($sessions.get().ending !== null) return false
  $sessions.set({ ...$sessions.get(), ending: key, endFailed: false, ended: null })
  try {
    const ended = await end()
    $sessions.set({ ...$sessions.get(), ending: null, ended })
    await loadSessions()
    return true
  } catch (error) {
    console.warn('[agent-console] the session could not be ended', error)
    $sessions.set({ ...$sessions.get(), ending: null, endFailed: true })
    return false
  }
}

/**
 * Ends one of the agent's other sessions (`DELETE /auth/sessions/:id`): that browser is signed out at
 * once. Then the list is read again. Resolves whether it was ended.
 *
 * @example
 * await endSession(session.id)
 */
export function endSession(id: string): Promise<boolean> {
  return ending(id, async () => {
    await api().delete(HTTP_PATHS.session(id), { schema: OkSchema })
    return 1
  })
}

/**
 * Ends every session but this one (`POST /auth/sessions/end-others`, ASVS 7.5.2), then reads the list
 * again. Resolves whether they were ended.
 *
 * @example
 * await endOtherSessions()
 */
export function endOtherSessions(): Promise<boolean> {
  return ending('others', async () => {
    const { ended } = await api().post(HTTP_PATHS.endOtherSessions, { schema: EndedSessionsSchema })
    return ended
  })
}

/**
 * Shows the sessions page: a fresh state and the first load. Returns the stop.
 *
 * @example
 * useEffect(() => watchSessionsPage(), [])
 */
export function watchSessionsPage(): () => void {
  $sessions.set(INITIAL)
  void loadSessions()
  return () => {
    generation += 1
    $sessions.set(INITIAL)
  }
}

onLogout(() => {
  generation += 1
  $sessions.set(INITIAL)
})
