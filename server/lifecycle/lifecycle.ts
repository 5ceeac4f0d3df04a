/**
 * Where this process stands in its life, read by `/readyz`, the socket.io gate and the shutdown:
 * set by `createApplication` and by the drain, never by a request.
 */
export interface Lifecycle {
  /** The migrations of `server/store/migrations` all ran. */
  migrated: boolean
  /** The HTTP server listens (socket.io shares it). */
  listening: boolean
  /** Shutting down: not ready, no new socket accepted, clients told to reconnect elsewhere. */
  draining: boolean
}

/** A process that has not started yet. */
export function newLifecycle(): Lifecycle {
  return { migrated: false, listening: false, draining: false }
}
