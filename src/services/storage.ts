import type { WritableAtom } from 'nanostores'
import {
  persistentAtom,
  persistentJSON,
  setPersistentEngine,
  windowPersistentEvents,
} from '@nanostores/persistent'

/**
 * Web storage for the stores, through `@nanostores/persistent`: a value lives in localStorage (survives
 * browser restarts: remember-me) or in this tab's sessionStorage. Storage that refuses (private modes,
 * sandboxed iframes, a full quota) never throws: the value is then kept in memory only.
 */

const PREFIX = 'agent-console:'
// A name that starts with this lives in sessionStorage (without it); any other name in localStorage.
const TAB = 'tab:'

function areaOf(name: string): { area: () => Storage; key: string } {
  return name.startsWith(TAB)
    ? { area: () => sessionStorage, key: name.slice(TAB.length) }
    : { area: () => localStorage, key: name }
}

function keysOf(area: () => Storage, prefix: string): string[] {
  try {
    const storage = area()
    return Array.from({ length: storage.length }, (_, i) => storage.key(i))
      .filter((key): key is string => key !== null)
      .map((key) => prefix + key)
  } catch {
    return []
  }
}

// The engine @nanostores/persistent reads and writes as a plain object.
const engine: Record<string, string> = new Proxy({} as Record<string, string>, {
  get(_target, name) {
    if (typeof name !== 'string') return undefined
    const { area, key } = areaOf(name)
    try {
      return area().getItem(key) ?? undefined
    } catch {
      return undefined
    }
  },
  set(_target, name, value: string) {
    if (typeof name !== 'string') return true
    const { area, key } = areaOf(name)
    try {
      area().setItem(key, value)
    } catch (error) {
      console.warn('[agent-console] storage refused a value', key, error)
    }
    return true
  },
  deleteProperty(_target, name) {
    if (typeof name !== 'string') return true
    const { area, key } = areaOf(name)
    try {
      area().removeItem(key)
    } catch {
      // Nothing stored, nothing to remove.
    }
    return true
  },
  has(_target, name) {
    if (typeof name !== 'string') return false
    const { area, key } = areaOf(name)
    try {
      return area().getItem(key) !== null
    } catch {
      return false
    }
  },
  ownKeys() {
    return [...keysOf(() => localStorage, ''), ...keysOf(() => sessionStorage, TAB)]
  },
  getOwnPropertyDescriptor(_target, name): PropertyDescriptor {
    return { value: engine[name as string], enumerable: true, configurable: true }
  },
})

if (typeof window !== 'undefined') setPersistentEngine(engine, windowPersistentEvents)

// The stores read these once and write them back; no other tab's change is followed live.
const quiet = { listen: false } as const

/**
 * A JSON value kept across browser restarts (localStorage), `initial` when absent or unreadable.
 *
 * @example
 * const $remembered = storedJSON<Tokens | null>('tokens', null)
 */
export function storedJSON<T>(key: string, initial: T): WritableAtom<T> {
  return persistentJSON(PREFIX + key, initial, quiet)
}

/**
 * A JSON value kept for this tab's session only (sessionStorage).
 *
 * @example
 * const $tabTokens = tabJSON<Tokens | null>('tokens', null)
 */
export function tabJSON<T>(key: string, initial: T): WritableAtom<T> {
  return persistentJSON(TAB + PREFIX + key, initial, quiet)
}

/**
 * A string kept for this tab's session (sessionStorage); `exact` keeps the key as given, for keys
 * other software reads by name (`console-session`).
 *
 * @example
 * const $sessionId = tabString('console-session', { exact: true })
 */
export function tabString(key: string, { exact = false } = {}): WritableAtom<string | undefined> {
  return persistentAtom<string | undefined>(TAB + (exact ? '' : PREFIX) + key, undefined, quiet)
}
