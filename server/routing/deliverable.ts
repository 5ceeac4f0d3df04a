/**
 * Whether a message can go out on a socket. socket.io's encoder walks a payload recursively (to find
 * binary parts) and overflows its stack at a few thousand levels, after whatever the server marked
 * for that message is done: a call stored with such data (before the protocol's bounds, or put in the
 * database past them) must be caught before anything is marked, not when the emit throws.
 */

/** Deepest payload sent: the protocol's own messages nest under 10 levels, free-form data under 32 more. */
export const MAX_SENT_DEPTH = 64

/**
 * Whether `value` nests at most `maxDepth` levels of arrays and objects; iterative, and it stops at the
 * first level too deep (a value 100,000 deep costs `maxDepth` steps).
 *
 * @example
 * isSendable(callView) // false when its integration data nests 3,000 arrays deep
 */
export function isSendable(value: unknown, maxDepth = MAX_SENT_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop() as { value: unknown; depth: number }
    if (typeof node !== 'object' || node === null) continue
    if (depth >= maxDepth) return false
    for (const child of Array.isArray(node) ? node : Object.values(node))
      stack.push({ value: child, depth: depth + 1 })
  }
  return true
}

/** Thrown inside a transaction when what it prepared cannot be sent: the transaction rolls back. */
export class UndeliverableError extends Error {
  constructor(readonly what: string) {
    super(`${what} cannot be sent on a socket`)
    this.name = 'UndeliverableError'
  }
}
