/**
 * An adapter whose broadcasts reach the sockets later than `emit` returns: the ordered PostgreSQL
 * adapter hands one to the sockets, this process's included, only once its NOTIFY has committed.
 */
export interface DeferredBroadcasts {
  /** Resolves once every broadcast made so far has gone to the sockets; null when none is still on its way. */
  broadcastsSent(): Promise<void> | null
}

/**
 * When the broadcasts made so far on `io`'s main namespace have been handed to their sockets: null when they
 * already were (the in-memory adapter, or nothing pending), so a caller awaits only when there is a wait.
 *
 * @example
 * io.to(room).emit('inbound', payload)
 * const sent = broadcastSent(io)
 * if (sent) await sent
 */
export function broadcastSent(io: { sockets: { adapter: object } }): Promise<void> | null {
  return (io.sockets.adapter as Partial<DeferredBroadcasts>).broadcastsSent?.() ?? null
}
