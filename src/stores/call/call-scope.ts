/**
 * What lives only as long as a call: a call-scoped store registers its reset here, once, beside its
 * atom, and the end of every call (or the start of the next) runs them all. Adding a tool to the call
 * never means editing the code that ends calls.
 */

const resets = new Set<() => void>()

/**
 * Registers a reset to run when a call or meeting ends (or a new one starts). Returns a function that
 * unregisters it.
 *
 * @example
 * onCallCleanup(resetChat)
 */
export function onCallCleanup(reset: () => void): () => void {
  resets.add(reset)
  return () => resets.delete(reset)
}

/** Runs every registered reset; one that throws is logged and the others still run. */
export function runCallCleanups(): void {
  for (const reset of [...resets])
    try {
      reset()
    } catch (error) {
      console.error('[agent-console] a call reset failed', error)
    }
}
