import { atom } from 'nanostores'
import { NOTIFICATION_MS, PERSISTENT } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import type { MessageId } from '../../services/messages'

/** Look of a toast (Shoelace alert variants). */
export type ToastVariant = 'primary' | 'success' | 'neutral' | 'warning' | 'danger'

/** A note shown to the agent. */
export interface Toast {
  id: string
  variant: ToastVariant
  /** The translated message to show. */
  messageId: MessageId
  /** Values of the message. */
  values?: Record<string, string | number>
  /** A second line under the message: what the agent can do about it. */
  detailId?: MessageId
  /** Values of the second line. */
  detailValues?: Record<string, string | number>
  /** How long it stays, in ms; `PERSISTENT` stays until dismissed. */
  duration: number
  /** Toasts with a key replace each other (one 'reconnecting' notice, updated, not stacked). */
  key?: string
}

/** What `notify` takes: everything but the id, with the §9 default duration. */
export type ToastInput = Omit<Toast, 'id' | 'duration'> & { duration?: number }

/** The toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([])

const timers = new Map<string, TimerId>()
let sequence = 0

/**
 * Shows a toast for 7 s (or its own duration, or until dismissed when persistent) and returns its id.
 *
 * @example
 * notify({ variant: 'warning', messageId: 'status.offline', duration: PERSISTENT, key: 'offline' })
 */
export function notify(input: ToastInput): string {
  const existing = input.key ? $toasts.get().find((toast) => toast.key === input.key) : undefined
  const id = existing?.id ?? `toast-${++sequence}`
  const toast: Toast = { ...input, id, duration: input.duration ?? NOTIFICATION_MS }
  $toasts.set(existing ? $toasts.get().map((t) => (t.id === id ? toast : t)) : [...$toasts.get(), toast])
  clock.clearTimeout(timers.get(id))
  timers.delete(id)
  if (toast.duration !== PERSISTENT)
    timers.set(
      id,
      clock.setTimeout(() => dismissToast(id), toast.duration),
    )
  return id
}

/** Removes a toast by id or by key. */
export function dismissToast(idOrKey: string): void {
  const gone = $toasts.get().filter((toast) => toast.id === idOrKey || toast.key === idOrKey)
  if (!gone.length) return
  for (const toast of gone) {
    clock.clearTimeout(timers.get(toast.id))
    timers.delete(toast.id)
  }
  $toasts.set($toasts.get().filter((toast) => !gone.includes(toast)))
}

/** Removes every toast (logout). */
export function clearToasts(): void {
  for (const timer of timers.values()) clock.clearTimeout(timer)
  timers.clear()
  $toasts.set([])
}

/** Which mounted element shows the toasts: one per page, so two elements never show them twice. */
export const $toastHost = atom<symbol | null>(null)

/** Offers an element as the toast host; the first one wins. */
export function claimToastHost(host: symbol): void {
  if ($toastHost.get() === null) $toastHost.set(host)
}

/** Gives the host role up (the element left the page). */
export function releaseToastHost(host: symbol): void {
  if ($toastHost.get() === host) $toastHost.set(null)
}
