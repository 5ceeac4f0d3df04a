import * as v from 'valibot'
import { IdSchema, InstantSchema } from './common'

/** Largest file the reference server accepts for upload (it streams to disk, so this is policy, not memory). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024

/**
 * The types a saved file may have, each with the extensions it may carry (the first is the usual
 * one). Anything else (HTML, SVG, XML, scripts, executables, unknown bytes) is never stored, so it can
 * never be served back. Allow-list of SPEC §8 "Files" and issue 16.
 */
export const SAVEABLE_TYPES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'image/avif': ['avif'],
  'image/heic': ['heic'],
  'image/tiff': ['tif', 'tiff'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'log'],
  'text/csv': ['csv'],
  'audio/mpeg': ['mp3'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/wav': ['wav'],
  'audio/webm': ['weba', 'webm'],
  'audio/mp4': ['m4a'],
  'audio/aac': ['aac'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/ogg': ['ogv'],
  'video/quicktime': ['mov'],
  'application/zip': ['zip'],
  'application/rtf': ['rtf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
})

/**
 * Types the console shows inline (images, PDF, audio, video). Never HTML, SVG or XML: those could run
 * script, so they (and everything else) are offered for download only.
 */
export const PREVIEWABLE_TYPES: readonly string[] = Object.freeze([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/avif',
  'application/pdf',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'video/mp4',
  'video/webm',
  'video/ogg',
])

/**
 * Plain-text types the console shows as text (issue 69): read as UTF-8 into a text node, never parsed or
 * rendered, so even markup inside shows as characters. HTML, SVG and XML are not here: those stay
 * download-only, as everything a browser could run.
 */
export const TEXT_PREVIEW_TYPES: readonly string[] = Object.freeze([
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/x-markdown',
  'text/x-log',
  'application/json',
])

/** Extensions of plain text shown as text when the sender named no type (a `.log` usually has none). */
export const TEXT_PREVIEW_EXTENSIONS: readonly string[] = Object.freeze(['txt', 'log', 'csv', 'md', 'json'])

/** The type of bytes nobody vouched for. */
export const UNKNOWN_TYPE = 'application/octet-stream'

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/

/** A declared MIME type, lower-cased without parameters; `application/octet-stream` when it is not one. */
export function normalizeType(type: string): string {
  const bare = (type.split(';')[0] ?? '').trim().toLowerCase()
  return MIME.test(bare) ? bare : UNKNOWN_TYPE
}

/** Whether a file of this type may be saved on the server. */
export function isSaveableType(type: string): boolean {
  return Object.hasOwn(SAVEABLE_TYPES, normalizeType(type))
}

/** Whether a file of this type may be shown inline. */
export function isPreviewableType(type: string): boolean {
  return PREVIEWABLE_TYPES.includes(normalizeType(type))
}

/**
 * Whether a file may be shown as text: a plain-text type, or no known type (`application/octet-stream`)
 * with a plain-text extension. A text type never wins over a declared other type (a `.txt` sent as
 * `text/html` is not shown).
 *
 * @example
 * isTextPreviewable('application/octet-stream', 'server.log') // true
 * isTextPreviewable('text/html', 'notes.txt') // false
 */
export function isTextPreviewable(type: string, name: string): boolean {
  const bare = normalizeType(type)
  if (TEXT_PREVIEW_TYPES.includes(bare)) return true
  const extension = /\.([a-z0-9]{1,16})$/i.exec(name)?.[1]?.toLowerCase()
  return bare === UNKNOWN_TYPE && extension !== undefined && TEXT_PREVIEW_EXTENSIONS.includes(extension)
}

// Control characters, bidi overrides and isolates (a name that reads "gnp.exe" backwards), path separators.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/g

/**
 * A file name fit to show and to store: no control or bidi-override characters, no path, at most
 * 255 characters, never empty.
 *
 * @example
 * safeFileName('invoice\u202Efdp.exe') // 'invoicefdp.exe'
 */
export function safeFileName(name: string): string {
  const clean = name.replace(UNSAFE_NAME, '').trim().slice(0, 255)
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean
}

/**
 * The extension to declare when saving a file of `type` named `name`: the name's own when the type
 * allows it, else the type's usual one; null when the type cannot be saved.
 */
export function saveExtension(name: string, type: string): string | null {
  const bare = normalizeType(type)
  const allowed = Object.hasOwn(SAVEABLE_TYPES, bare) ? SAVEABLE_TYPES[bare] : undefined
  if (!allowed) return null
  const own = /\.([a-z0-9]{1,16})$/i.exec(name)?.[1]?.toLowerCase()
  return own && allowed.includes(own) ? own : (allowed[0] ?? null)
}

/**
 * Body of `POST /files/authorization` (SPEC §3 "File authorization payload"): what is about to be
 * uploaded, and for which call or appointment (exactly one of them).
 */
export const FileAuthorizationRequestSchema = v.pipe(
  v.object({
    size: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
    /** CRC-32 of the bytes as an unsigned 32-bit integer (the upload is refused if it differs). */
    crc32: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)),
    extension: v.pipe(v.string(), v.regex(/^[a-z0-9]{1,16}$/i, 'must be a file extension')),
    /** MIME type; must be one of `SAVEABLE_TYPES` (415 otherwise). */
    type: v.pipe(v.string(), v.maxLength(128)),
    call: v.optional(IdSchema),
    appointment: v.optional(IdSchema),
    /** Original file name, for downloads (cleaned with `safeFileName`). */
    name: v.optional(v.pipe(v.string(), v.maxLength(1024))),
  }),
  v.check((body) => (body.call === undefined) !== (body.appointment === undefined), 'call or appointment'),
)
/** A file authorization request. */
export type FileAuthorizationRequest = v.InferOutput<typeof FileAuthorizationRequestSchema>

/** Response of `POST /files/authorization`: the bearer token for `POST /upload` (one file, 10 minutes). */
export const FileAuthorizationResponseSchema = v.object({ accessToken: v.string(), expiresAt: InstantSchema })
/** A file authorization. */
export type FileAuthorizationResponse = v.InferOutput<typeof FileAuthorizationResponseSchema>

/** A file saved on the server, against a call or an appointment. */
export const SavedFileSchema = v.object({
  id: IdSchema,
  size: v.number(),
  crc32: v.number(),
  type: v.string(),
  name: v.string(),
  /** `GET` it with the user's bearer token (participants of the call or meeting only). */
  url: v.string(),
  call: v.nullable(IdSchema),
  appointment: v.nullable(IdSchema),
  /** Who saved it. */
  userId: IdSchema,
  createdAt: InstantSchema,
})
/** A saved file. */
export type SavedFile = v.InferOutput<typeof SavedFileSchema>

/**
 * Response of `POST /upload` (body `application/octet-stream`, `Authorization: Bearer <file token>`):
 * the stored file. 400 when size or CRC-32 differ from the authorization, 413 when too large.
 */
export const UploadResponseSchema = SavedFileSchema
/** An upload result. */
export type UploadResponse = SavedFile

/** Response of `GET /files?call=<id>` or `?appointment=<id>`: the files saved against that call or meeting. */
export const SavedFilesSchema = v.object({ data: v.array(SavedFileSchema) })
/** Saved files of a call or meeting. */
export type SavedFiles = v.InferOutput<typeof SavedFilesSchema>

/**
 * States of a file in the console's lists (SPEC §3, plus `failed`, and `sending`/`sent` for files the
 * agent sends); the server does not use them.
 */
export const FILE_ITEM_STATES = [
  'receiving',
  'received',
  'saving',
  'deleted',
  'failed',
  'sending',
  'sent',
] as const
/** A file item state. */
export type FileItemState = (typeof FILE_ITEM_STATES)[number]
