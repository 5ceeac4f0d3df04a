import { byId } from './view'

/**
 * Shows `text` in the notice `id` of the page's markup (a `role="alert"` paragraph, so that it is
 * heard as it appears), or hides it when `text` is null.
 *
 * @example
 * showNotice('chat-notice', t('customerPage.chat.tooFast'))
 */
export function showNotice(id: string, text: string | null): void {
  const notice = byId(id)
  notice.textContent = text ?? ''
  notice.hidden = text === null
}
