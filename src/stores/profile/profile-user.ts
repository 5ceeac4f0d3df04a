import { atom } from 'nanostores'
import { HTTP_PATHS, UserSchema, type User } from '../../protocol'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { $userId } from '../session/session'

/** The agent's own record for the profile page: name, email and account. */
export type ProfileState = { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; user: User }

/** The profile. */
export const $profile = atom<ProfileState>({ status: 'idle' })

/**
 * Loads the agent's record with its account (`users/{id}?$populate[0]=account`, SPEC §7).
 *
 * @example
 * await loadProfile()
 */
export async function loadProfile(): Promise<void> {
  const id = $userId.get()
  if (!id) return
  $profile.set({ status: 'loading' })
  try {
    const user = await api().get(`${HTTP_PATHS.user(id)}?$populate[0]=account`, { schema: UserSchema })
    $profile.set({ status: 'loaded', user })
  } catch (error) {
    console.warn('[agent-console] profile could not be loaded', error)
    $profile.set({ status: 'failed' })
  }
}

onLogout(() => $profile.set({ status: 'idle' }))
