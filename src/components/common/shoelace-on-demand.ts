import { useEffect } from 'react'

/**
 * Shoelace's alert, defined the first time a view shows one (a toast, an error). Toasts and errors are
 * rare on the way to "available", so the alert is not part of that path: an `<sl-alert open>` rendered
 * before the definition arrives upgrades in place when it does.
 */
export const loadAlert = () => import('@shoelace-style/shoelace/dist/components/alert/alert.js')

/**
 * Defines the custom elements `loaders` bring once `wanted` is true (each module loads once; a failed
 * load is tried again the next time `wanted` turns true).
 *
 * @example
 * useShoelaceWhen(toasts.length > 0, loadAlert)
 */
export function useShoelaceWhen(wanted: boolean, ...loaders: (() => Promise<unknown>)[]): void {
  useEffect(() => {
    if (!wanted) return
    // A chunk that failed to load leaves the element undefined: its content still shows, unstyled.
    for (const load of loaders) load().catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the loaders are module constants
  }, [wanted])
}
