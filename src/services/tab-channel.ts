/**
 * A message channel between the console's tabs of one browser (BroadcastChannel): the tab that holds
 * the realtime link shares what it hears, so a badge follows in every tab. Where the browser has no
 * BroadcastChannel, nothing is shared and nothing breaks.
 */

/** One end of a channel. */
export interface TabChannel<T> {
  /** Sends to every other tab (not to this one). */
  post(message: T): void
  /** Stops listening. */
  close(): void
}

/**
 * Opens a named channel; `receive` gets what other tabs post.
 *
 * @example
 * const channel = openTabChannel<Update>('notifications', (update) => keep(update))
 */
export function openTabChannel<T>(name: string, receive: (message: T) => void): TabChannel<T> {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined }
  const channel = new BroadcastChannel(`agent-console:${name}`)
  channel.onmessage = (event: MessageEvent<T>) => receive(event.data)
  return {
    post: (message) => channel.postMessage(message),
    close: () => channel.close(),
  }
}
