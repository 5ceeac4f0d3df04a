import { CUSTOMER_BUDGET_REASON, type ChatMessage } from '../../src/protocol'
import { request, type CustomerSocket } from './connection'
import { t } from './i18n'
import { showNotice } from './notice'
import { serverErrorText } from './server-messages'
import { byId } from './view'

/**
 * Sends the chat form's lines. The typed text stays in the input until the server has taken the
 * line: a refused one (written too fast, `CHAT_LINES_PER_SECOND`; not in a call) is said in words
 * beside the form and can be sent again as it is.
 */
export function watchChatForm(socket: CustomerSocket): void {
  const form = byId<HTMLFormElement>('chat-form')
  const input = form.elements.namedItem('text') as HTMLInputElement
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const text = input.value.trim()
    if (!text) return
    void request<ChatMessage>(socket, 'chat:message', { text }).then(
      (reply) => {
        if (!reply.ok) {
          // Written too fast says it was not sent itself; anything else is said with the reason.
          const problem = serverErrorText(reply.error)
          const tooFast = reply.error.reason === CUSTOMER_BUDGET_REASON.chatLines
          return showNotice('chat-notice', tooFast ? problem : t('customerPage.chat.notSent', { problem }))
        }
        showNotice('chat-notice', null)
        // Cleared only if it still holds this line (the customer may have typed the next one since).
        if (input.value.trim() === text) input.value = ''
      },
      () =>
        showNotice(
          'chat-notice',
          t('customerPage.chat.notSent', { problem: t('customerPage.errors.offline') }),
        ),
    )
  })
}
