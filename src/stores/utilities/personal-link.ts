import { atom } from 'nanostores'
import { HTTP_PATHS, PersonalLinkResponseSchema, type PersonalLink } from '../../protocol'
import { writeClipboard } from '../../services/clipboard'
import { clock, type TimerId } from '../../services/clock'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'

/** How long "copied" shows after a copy. */
export const COPIED_CONFIRMATION_MS = 2_000

/** The agent's personal link as the utilities page shows it. */
export interface PersonalLinkState {
  /** Reading the current link. */
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  link: PersonalLink | null
  /** A new link is being made. */
  generating: boolean
  /** The last attempt to make one failed ('error generating the personal link'). */
  generateFailed: boolean
  /** The last copy: done (confirmation shows for a while), failed, or none. */
  copy: 'idle' | 'copied' | 'failed'
}

const INITIAL: PersonalLinkState = {
  status: 'idle',
  link: null,
  generating: false,
  generateFailed: false,
  copy: 'idle',
}

/** The personal link. */
export const $personalLink = atom<PersonalLinkState>(INITIAL)

let copyTimer: TimerId | undefined

function update(change: Partial<PersonalLinkState>): void {
  $personalLink.set({ ...$personalLink.get(), ...change })
}

/** Reads the agent's current link (null before the first is made). */
export async function loadPersonalLink(): Promise<void> {
  update({ status: 'loading' })
  try {
    const { link } = await api().get(HTTP_PATHS.personalLink, { schema: PersonalLinkResponseSchema })
    update({ status: 'loaded', link })
  } catch (error) {
    console.warn('[agent-console] personal link could not be read', error)
    update({ status: 'failed' })
  }
}

/**
 * Makes a new link for one of the agent's segments; the previous one stops working at once.
 *
 * @example
 * await generatePersonalLink(segmentId)
 */
export async function generatePersonalLink(segment?: string): Promise<void> {
  // One at a time: each new link replaces the last, so a double press would waste one.
  if ($personalLink.get().generating) return
  update({ generating: true, generateFailed: false, copy: 'idle' })
  try {
    const { link } = await api().post(HTTP_PATHS.personalLink, {
      body: segment ? { segment } : {},
      schema: PersonalLinkResponseSchema,
    })
    update({ status: 'loaded', link, generating: false })
  } catch (error) {
    console.warn('[agent-console] personal link could not be made', error)
    update({ generating: false, generateFailed: true })
  }
}

/** Copies the link; "copied" shows for {@link COPIED_CONFIRMATION_MS}, or "could not copy". */
export async function copyPersonalLink(): Promise<void> {
  const link = $personalLink.get().link
  if (!link) return
  clock.clearTimeout(copyTimer)
  try {
    await writeClipboard(link.url)
    update({ copy: 'copied' })
  } catch (error) {
    console.warn('[agent-console] the link could not be copied', error)
    update({ copy: 'failed' })
  }
  copyTimer = clock.setTimeout(() => update({ copy: 'idle' }), COPIED_CONFIRMATION_MS)
}

onLogout(() => {
  clock.clearTimeout(copyTimer)
  $personalLink.set(INITIAL)
})
