import { atom } from 'nanostores'
import { ExternalAppSsoResponseSchema, HTTP_PATHS } from '../../protocol'
import { api } from '../session/connection'
import { onLogout } from '../session/logout'
import { $locale } from '../app/i18n'
import { $config } from '../app/config'

/** The external app that collects the agents' feedback. */
export const FEEDBACK_APP = 'feedback'
/** Where the widget lives when the server does not say (the reference server serves it there, beside its API). */
const DEFAULT_FEEDBACK_URL = '/feedback.html'

/** The feedback widget: closed, getting its token, open at a URL, or failed. */
export type FeedbackState = { status: 'closed' | 'loading' | 'failed' } | { status: 'open'; url: string }

/** The feedback widget. */
export const $feedback = atom<FeedbackState>({ status: 'closed' })

let sequence = 0

/**
 * Opens the feedback widget with a fresh token from `GET /external-apps/feedback/sso` and the console's
 * language (both in the URL's fragment: never sent to a server in a request line, never logged).
 *
 * @example
 * await openFeedback()
 */
export async function openFeedback(): Promise<void> {
  const mine = ++sequence
  $feedback.set({ status: 'loading' })
  try {
    const { ssoToken, url } = await api().get(HTTP_PATHS.externalAppSso(FEEDBACK_APP), {
      schema: ExternalAppSsoResponseSchema,
    })
    if (mine !== sequence) return
    // A relative address is the API server's own page: resolved against the API the console called (the host
    // name the agent used, the console's server for a CRM page), not against the page the console sits in.
    const apiBase = new URL($config.get().apiUrl, location.href)
    const widget = new URL(url ?? DEFAULT_FEEDBACK_URL, apiBase)
    // Only a web page may go into the frame (never a javascript: or data: URL from a bad server).
    if (widget.protocol !== 'https:' && widget.protocol !== 'http:')
      throw new Error(`Refused ${widget.protocol}`)
    widget.hash = new URLSearchParams({ token: ssoToken, lang: $locale.get() }).toString()
    $feedback.set({ status: 'open', url: widget.toString() })
  } catch (error) {
    console.warn('[agent-console] the feedback widget could not be opened', error)
    if (mine === sequence) $feedback.set({ status: 'failed' })
  }
}

/** Closes the widget. */
export function closeFeedback(): void {
  sequence++
  $feedback.set({ status: 'closed' })
}

onLogout(closeFeedback)
