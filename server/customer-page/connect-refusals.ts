import type { CustomerSocket } from './connection'
import { showNotice } from './notice'
import { connectRefusal } from './server-messages'

/** How long a socket turned away waits before it tries again (the budgets count over a minute). */
const RETRY_MS = 60_000

/**
 * Says in words when the server turns the page's socket away for a budget (too many customer
 * connections from this address): socket.io does not try again after a refusal, so the page does, in
 * a minute, and clears the notice once it is in. `refused()` tells whether the socket is turned away now.
 *
 * @example
 * const connection = watchConnectRefusals(socket)
 * if (connection.refused()) return connection.retryNow()
 */
export function watchConnectRefusals(socket: CustomerSocket): { refused(): boolean; retryNow(): void } {
  let refused = false
  let retry: ReturnType<typeof setTimeout> | undefined
  socket.on('connect_error', (error) => {
    const text = connectRefusal(error as { data?: unknown })
    if (!text) return
    refused = true
    showNotice('page-notice', text)
    clearTimeout(retry)
    retry = setTimeout(() => socket.connect(), RETRY_MS)
  })
  socket.on('connect', () => {
    if (!refused) return
    refused = false
    clearTimeout(retry)
    showNotice('page-notice', null)
  })
  return {
    refused: () => refused,
    retryNow() {
      clearTimeout(retry)
      socket.connect()
    },
  }
}
