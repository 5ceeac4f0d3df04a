import {
  CUSTOMER_NAMESPACE,
  FORM_JSON_LIMITS,
  JSON_LIMITS,
  MAX_APP_IMAGE_CHARS,
  MAX_APP_TEXT,
  MAX_DOCUMENT_FIELDS,
  MAX_RECORDER_CHUNK_BYTES,
  MAX_SHORT,
  MAX_SIGNAL_BYTES,
  RECORDER_NAMESPACE,
  type ClientToServerEvents,
  type CustomerToServerEvents,
  type RecorderToServerEvents,
} from '../../src/protocol'

/**
 * The size cap of every socket event (issue 64): a payload larger than its event's cap is refused
 * with a 413 `payload-too-large` before any validation or handler work. The caps sit above what each
 * event's schema accepts (a cap never refuses a valid payload) and below the socket's 1 MiB message
 * limit (`maxHttpBufferSize` in server/app.ts): the schema is the exact rule, the cap the cheap one
 * that keeps the validators and handlers from walking a payload no valid one comes near.
 *
 * Sizes are counted as `bounded-json.ts` counts them: characters of the JSON text (UTF-16 code units,
 * escapes not counted) and bytes of binary attachments.
 */

/**
 * The cap of an event that names none below: the largest payload those events' schemas accept (500
 * ids, or 10,000 characters of text) stays under 16 KiB.
 */
export const DEFAULT_PAYLOAD_CAP = 64 * 1024

/** Room for the fixed fields around an event's free-form values (ids, names, a referrer...). */
const ENVELOPE = 8 * 1024

/** One free-form JSON value (`JSON_LIMITS`) and its envelope: exchanges, app commands. */
const FREE_FORM_CAP = JSON_LIMITS.maxBytes + ENVELOPE
/** Signal data (`MAX_SIGNAL_BYTES`: an SDP with its candidates) and its envelope. */
const SIGNAL_CAP = MAX_SIGNAL_BYTES + ENVELOPE
/** Form values (`FORM_JSON_LIMITS`) and their envelope. */
const FORM_CAP = FORM_JSON_LIMITS.maxBytes + ENVELOPE
/** A `queue:join`: form values, integration data and the short fields. */
const QUEUE_JOIN_CAP = FORM_JSON_LIMITS.maxBytes + JSON_LIMITS.maxBytes + ENVELOPE
/** An app report: a scan's image, its document fields, the app's options and the envelope (≈ 750 KiB). */
const APP_REPORT_CAP =
  MAX_APP_IMAGE_CHARS +
  MAX_DOCUMENT_FIELDS * (MAX_SHORT + MAX_APP_TEXT + 32) +
  JSON_LIMITS.maxBytes +
  ENVELOPE
/** A recorder chunk: its bytes and its number. */
const RECORDER_CHUNK_CAP = MAX_RECORDER_CHUNK_BYTES + ENVELOPE

/** The events whose cap is not the default, by namespace. */
const CAPS: {
  '/': Partial<Record<keyof ClientToServerEvents, number>>
  [CUSTOMER_NAMESPACE]: Partial<Record<keyof CustomerToServerEvents, number>>
  [RECORDER_NAMESPACE]: Partial<Record<keyof RecorderToServerEvents, number>>
} = {
  '/': {
    signal: SIGNAL_CAP,
    'exchange:customer': FREE_FORM_CAP,
    'apps:message': FREE_FORM_CAP,
    'form:update': FORM_CAP,
  },
  [CUSTOMER_NAMESPACE]: {
    'queue:join': QUEUE_JOIN_CAP,
    signal: SIGNAL_CAP,
    'apps:message': APP_REPORT_CAP,
  },
  [RECORDER_NAMESPACE]: { chunk: RECORDER_CHUNK_CAP },
}

/**
 * The size cap of `event` in `namespace`, in characters (bytes for binary).
 *
 * @example
 * payloadCap('/customer', 'chat:message') // 65536
 */
export function payloadCap(namespace: string, event: string): number {
  const caps = (Object.hasOwn(CAPS, namespace) ? CAPS[namespace as keyof typeof CAPS] : {}) as Record<
    string,
    number | undefined
  >
  return (Object.hasOwn(caps, event) ? caps[event] : undefined) ?? DEFAULT_PAYLOAD_CAP
}

/**
 * The size of `value` as JSON text in characters (binary: its bytes; escapes not counted), or null
 * as soon as it passes `limit`. The walk is iterative and every node it visits adds at least one
 * character, so it costs at most about `limit` steps whatever it is given: a 10,000-deep nest or a
 * million-item array stops at the limit, and nothing is serialised.
 *
 * @example
 * jsonSizeWithin({ text: 'hi' }, 100) // 13
 * jsonSizeWithin('x'.repeat(1_000), 100) // null
 */
export function jsonSizeWithin(value: unknown, limit: number): number | null {
  let size = 0
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === 'string') size += node.length + 2
    else if (typeof node === 'number') size += String(node).length
    else if (typeof node === 'boolean') size += node ? 4 : 5
    else if (node === null) size += 4
    else if (node instanceof ArrayBuffer || ArrayBuffer.isView(node)) size += node.byteLength + 2
    else if (Array.isArray(node)) {
      // Brackets and commas first: a huge array is over before any item is looked at.
      size += 2 + Math.max(0, node.length - 1)
      if (size > limit) return null
      for (const item of node) stack.push(item)
    } else if (typeof node === 'object') {
      size += 2
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue
        // Quotes, colon and comma around each key.
        size += key.length + 4
        if (size > limit) return null
        stack.push((node as Record<string, unknown>)[key])
      }
    }
    // undefined, functions, symbols: JSON (and socket.io's parser) carries none.
    if (size > limit) return null
  }
  return size
}
