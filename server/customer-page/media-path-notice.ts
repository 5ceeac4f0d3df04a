/** The customer page's words about the media path: coming back, or could not connect. */
import { t } from './i18n'
import { byId } from './view'
import type { MediaNotice } from './media-paths'

/**
 * Says `notice` in the call's media status region (`#media-path-status`, a live region that stays in the
 * page so a screen reader hears each change), or empties it. The call goes on either way: the chat and
 * the files do not need the media path.
 *
 * @example
 * const paths = new MediaPaths(showMediaPathNotice)
 */
export function showMediaPathNotice(notice: MediaNotice): void {
  const region = byId('media-path-status')
  if (!notice) return region.replaceChildren()
  const line = document.createElement('p')
  line.className = 'notice'
  line.dataset.notice = notice
  line.textContent = t(
    notice === 'failed' ? 'customerPage.call.mediaFailed' : 'customerPage.call.mediaReconnecting',
  )
  region.replaceChildren(line)
}
