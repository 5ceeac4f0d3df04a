import { createHash, randomBytes } from 'node:crypto'

/** A new entity id: 24 hex characters, the shape the protocol's `IdSchema` accepts. */
export function newId(): string {
  return randomBytes(12).toString('hex')
}

/** A random URL-safe secret of `bytes` bytes (tokens, codes). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** SHA-256 in hex: how opaque tokens are stored, so a leaked table gives nothing usable. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A stable 24-hex id derived from a name: seed data keeps the same ids on every machine. */
export function stableId(name: string): string {
  return sha256(`seed:${name}`).slice(0, 24)
}
