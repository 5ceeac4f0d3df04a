import type { EventClient } from './event-client'

let nextAckId = 90_000

/** A reply as the server acknowledged it. */
export type RawReply =
  | { ok: true; data: unknown }
  | { ok: false; error: { code: number; message: string; errors?: { path?: string; message: string }[] } }

/**
 * Sends an event as a raw socket.io frame, the way an attacker's script does: `payloadJson` goes on
 * the wire as written (the socket.io client would walk a 3,000-deep value itself before sending, and
 * overflow its own stack), and the ack is read off the engine's raw messages.
 *
 * @example
 * await rawRequest(customer, '/customer', 'queue:join', `{"segment":"…","name":"x","integrationData":{"a":${'['.repeat(3000)}${']'.repeat(3000)}}}`)
 */
export function rawRequest(
  client: EventClient,
  namespace: '/' | '/customer',
  event: string,
  payloadJson: string,
  timeoutMs = 8000,
): Promise<RawReply> {
  const engine = client.socket.io.engine
  const id = nextAckId++
  const prefix = namespace === '/' ? '' : `${namespace},`
  return new Promise<RawReply>((resolve, reject) => {
    const onMessage = (data: unknown) => {
      const head = `3${prefix}${id}[`
      if (typeof data !== 'string' || !data.startsWith(head)) return
      engine.off('message', onMessage)
      clearTimeout(timer)
      resolve((JSON.parse(data.slice(head.length - 1)) as RawReply[])[0] as RawReply)
    }
    const timer = setTimeout(() => {
      engine.off('message', onMessage)
      reject(new Error(`no ack of ${event} within ${timeoutMs} ms (connected: ${client.socket.connected})`))
    }, timeoutMs)
    engine.on('message', onMessage)
    engine.send(`2${prefix}${id}[${JSON.stringify(event)},${payloadJson}]`)
  })
}

/** JSON text of arrays nested `depth` deep (`[[[…]]]`). */
export function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth)
}

/** JSON text of objects nested `depth` deep (`{"a":{"a":…1}}`). */
export function nestedObjects(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
}
