/**
 * `bytes` random bytes in lowercase hex, from the browser's cryptographic generator. Unlike
 * `crypto.randomUUID`, it needs no secure context: plain-http deployments have it too.
 *
 * @example
 * randomHex(16) // '9a901436f74ed3dd6238545834373980'
 */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}
