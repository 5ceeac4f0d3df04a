/**
 * Web storage that never throws: private modes and sandboxed iframes can refuse storage, and losing a
 * remembered value must not break the console.
 *
 * @example
 * persistent.set('refresh-token', token)
 */
export interface KeyValueStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

const PREFIX = 'agent-console:'

function wrap(area: () => Storage, prefix = PREFIX): KeyValueStorage {
  return {
    get(key) {
      try {
        return area().getItem(prefix + key)
      } catch {
        return null
      }
    },
    set(key, value) {
      try {
        area().setItem(prefix + key, value)
      } catch (error) {
        console.warn('[agent-console] storage refused a value', key, error)
      }
    },
    remove(key) {
      try {
        area().removeItem(prefix + key)
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  }
}

/** Survives browser restarts (remember-me). */
export const persistent: KeyValueStorage = wrap(() => localStorage)
/** Lives as long as the browser tab's session. */
export const perTab: KeyValueStorage = wrap(() => sessionStorage)
/** This tab's session storage under the exact key given, for keys other software reads by name (`console-session`). */
export const perTabExact: KeyValueStorage = wrap(() => sessionStorage, '')
