import { atom } from 'nanostores'
import { ChatMessageSchema, type ChatMessage } from '../../protocol'
import { isNotSent, isUnanswered } from '../../services/socket'
import { randomHex } from '../../services/random-hex'
import { realtime } from '../session/connection'
import { $callView } from './call-views'
import { notify } from '../app/toasts'
import { onCallCleanup } from './call-scope'
import { dropDraft, keepChatDraft, keepUnansweredChat, takeDrafts, type UnansweredChat } from './call-drafts'
import { $call } from './call-state'

/** The chat of the active call or meeting. */
export interface ChatState {
  /** Lines in order of arrival, the agent's own included. */
  messages: ChatMessage[]
  /** Lines from others that arrived while another view was open. */
  unread: number
  /** This agent's peer id: its own lines are never unread. */
  me: string
}

const EMPTY: ChatState = { messages: [], unread: 0, me: '' }

/** The chat of the active call or meeting. */
export const $chat = atom<ChatState>(EMPTY)

/**
 * The line the agent is typing, not sent yet. It lives here, not in the chat view: it outlives another
 * view opened meanwhile, and this tab's storage keeps it across a reload.
 */
export const $chatDraft = atom('')

/** The agent typed in the chat field (or a line left it, or came back to it). */
export function editChatDraft(text: string): void {
  $chatDraft.set(text)
  if (text) keepChatDraft(text)
  else dropDraft('chat')
}

/** Starts a call's chat with the lines so far (a rejoin brings them back). */
export function startChat(messages: readonly ChatMessage[], me: string): void {
  $chat.set({ messages: [...messages], unread: 0, me })
}

/** Adds a line from the server (`chat:message`), once, and counts it unread unless the chat is open. */
export function receiveChatMessage(message: ChatMessage): void {
  const chat = $chat.get()
  if (chat.messages.some((line) => line.id === message.id)) return
  const mine = message.peerId === chat.me
  const unread = !mine && $callView.get() !== 'chat' ? chat.unread + 1 : chat.unread
  $chat.set({ ...chat, messages: [...chat.messages, message], unread })
}

/** The agent has seen every line (the chat view is open). */
export function markChatRead(): void {
  if ($chat.get().unread !== 0) $chat.set({ ...$chat.get(), unread: 0 })
}

/**
 * The line whose send got no answer, with its key: the server may have it, so the same words sent
 * again go under the same key, and the server stores and shows them once. Kept with the call's drafts
 * in this tab, so that a reload in between keeps the key too.
 */
function pendingUnanswered(): UnansweredChat | null {
  const id = $call.get()?.id
  return id ? takeDrafts(id).chatUnanswered : null
}

/**
 * Sends a line to everybody in the call. Resolves true once the server has it; the line shows when it
 * comes back (so it appears once, in the server's order). Resolves false when it was refused, got no
 * answer or was not sent for want of a link (the agent is told which); the same words sent again after
 * no answer are never shown twice.
 *
 * @example
 * await sendChatMessage('Hello')
 */
export async function sendChatMessage(text: string): Promise<boolean> {
  const clean = text.trim()
  if (!clean) return false
  const pending = pendingUnanswered()
  const key = pending?.text === clean ? pending.key : randomHex(16)
  try {
    receiveChatMessage(await realtime().request('chat:message', { text: clean, key }, ChatMessageSchema))
    if (pending?.key === key) dropDraft('chatUnanswered')
    return true
  } catch (failure) {
    const noAnswer = isUnanswered(failure)
    if (noAnswer) keepUnansweredChat({ text: clean, key })
    // With the link down the line never left: trying again only helps once the connection is back.
    notify(
      noAnswer
        ? { variant: 'warning', messageId: 'call.chat.noAnswer' }
        : isNotSent(failure)
          ? { variant: 'warning', messageId: 'call.chat.notSent' }
          : { variant: 'danger', messageId: 'call.chat.sendError' },
    )
    return false
  }
}

/** Forgets the chat (the call ended). */
export function resetChat(): void {
  $chat.set(EMPTY)
  $chatDraft.set('')
}

onCallCleanup(resetChat)
