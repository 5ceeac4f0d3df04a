import * as v from 'valibot'
import { BoundedJsonObjectSchema } from './bounded-json'

/**
 * Building blocks shared by every area of the contract: ids, instants, the reply that answers a
 * request (an acknowledgement), and size caps that keep a hostile client from sending megabytes.
 */

/** Longest free text accepted anywhere (comments, chat, reasons). */
export const MAX_TEXT = 10_000
/** Longest short string (names, labels, ids). */
export const MAX_SHORT = 256

// C0 controls and DEL: no id, name or label holds one, and PostgreSQL cannot store NUL at all.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
// Long text keeps tabs and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** Whether text holds a control character (NUL, escape, DEL …); with `lines`, tabs and line breaks are allowed. */
export function hasControlCharacters(text: string, { lines = false } = {}): boolean {
  return (lines ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(text)
}

/** An entity id: 24 lowercase hex characters (the shape of a Mongo ObjectId, as SPEC's `_id` suggests). */
export const IdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/, 'must be a 24-character hex id'))
/** An entity id. */
export type Id = v.InferOutput<typeof IdSchema>

/** A short string with a length cap and no control characters. */
export const ShortTextSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_SHORT),
  v.check((text) => !hasControlCharacters(text), 'must not hold control characters'),
)
/** A long string with a length cap; tabs and line breaks are its only control characters. */
export const LongTextSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_TEXT),
  v.check((text) => !hasControlCharacters(text, { lines: true }), 'must not hold control characters'),
)

/** An instant on the wire: ISO 8601 in UTC with milliseconds, as `Date.prototype.toISOString()` writes it. */
export const InstantSchema = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp'))
/** An ISO 8601 instant (`2025-03-01T13:00:00.000Z`). */
export type Instant = v.InferOutput<typeof InstantSchema>

/** Whether `YYYY-MM-DD` names a day that exists (the shape check alone takes 2026-02-29 and 04-31). */
const isCalendarDay = (text: string) => {
  const day = new Date(`${text}T00:00:00.000Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text
}

/** A calendar date without time, `YYYY-MM-DD`, that exists. */
export const DateOnlySchema = v.pipe(
  v.string(),
  v.isoDate('must be YYYY-MM-DD'),
  v.check(isCalendarDay, 'must be a day of the calendar'),
)

/** An IANA time zone name (`America/Santiago`); checked for shape, not against a zone database. */
export const TimeZoneSchema = v.pipe(
  v.string(),
  v.maxLength(64),
  v.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/, 'must be an IANA time zone'),
)

/** An object of these fields that is not an array (valibot's `object` alone would take `[]` when every field is optional). */
export function plainObject<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'must be an object',
    ),
    v.object(entries),
  )
}

/** A payload with no fields: events that carry nothing still send `{}` (or nothing at all). */
export const EmptySchema = v.optional(plainObject({}), {})
/** The empty payload. */
export type Empty = v.InferOutput<typeof EmptySchema>

/** One validation issue of a rejected message: where and what. */
export const FieldErrorSchema = v.object({
  /** Machine-readable code, e.g. `mandatoryTags`, `invalid`. */
  code: v.string(),
  /** Plain English message (the console shows its own translation of the code where it has one). */
  message: v.string(),
  /** Dotted path of the offending field, when there is one. */
  path: v.optional(v.string()),
})
/** One validation issue. */
export type FieldError = v.InferOutput<typeof FieldErrorSchema>

/** What every failure looks like, over HTTP (the JSON body) and over the socket (acks and error events). */
export const ErrorReplySchema = v.object({
  /** An HTTP-like status: 400 malformed, 401, 403, 404, 409 conflict, 422 not possible now, 429, 500. */
  code: v.number(),
  /** Plain English message. */
  message: v.string(),
  /** A short machine reason where the catalogue names one (`dismissed`, `timeout`, `no-agents`...). */
  reason: v.optional(v.string()),
  /** Field-level issues (validation, mandatory tags). */
  errors: v.optional(v.array(FieldErrorSchema)),
})
/** A failure. */
export type ErrorReply = v.InferOutput<typeof ErrorReplySchema>

/**
 * The acknowledgement of a client event. Every client→server event accepts an optional ack callback
 * as its last argument; the server always calls it when present, exactly once.
 */
export type Reply<T = null> = { ok: true; data: T } | { ok: false; error: ErrorReply }

/** The ack callback type of an event whose success carries `T`. */
export type Ack<T = null> = (reply: Reply<T>) => void

/** Validator of a reply carrying `T` (the console uses it to check acks). */
export function replySchema<T extends v.GenericSchema>(data: T) {
  return v.variant('ok', [
    v.object({ ok: v.literal(true), data }),
    v.object({ ok: v.literal(false), error: ErrorReplySchema }),
  ])
}

/** Free-form JSON object (extra data, integration data, app payloads), within `JSON_LIMITS`. */
export const JsonObjectSchema = BoundedJsonObjectSchema()
/** A free-form JSON object. */
export type JsonObject = v.InferOutput<typeof JsonObjectSchema>

/** `{ ok: true }`: the body of HTTP calls that have nothing else to say. */
export const OkSchema = v.object({ ok: v.literal(true) })
/** `{ ok: true }`. */
export type Ok = v.InferOutput<typeof OkSchema>
