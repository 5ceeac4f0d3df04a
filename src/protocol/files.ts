import * as v from 'valibot'
import { IdSchema, InstantSchema } from './common'

/** Largest file the reference server accepts for upload. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024

/**
 * Body of `POST /files/authorization` (SPEC §3 "File authorization payload"): what is about to be
 * uploaded, and for which call or appointment (exactly one of them).
 */
export const FileAuthorizationRequestSchema = v.pipe(
  v.object({
    size: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_UPLOAD_BYTES)),
    /** CRC-32 of the bytes as an unsigned 32-bit integer (the upload is refused if it differs). */
    crc32: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)),
    extension: v.pipe(v.string(), v.maxLength(16)),
    /** MIME type. */
    type: v.pipe(v.string(), v.maxLength(128)),
    call: v.optional(IdSchema),
    appointment: v.optional(IdSchema),
    /** Original file name, for downloads. */
    name: v.optional(v.pipe(v.string(), v.maxLength(255))),
  }),
  v.check((body) => (body.call === undefined) !== (body.appointment === undefined), 'call or appointment'),
)
/** A file authorization request. */
export type FileAuthorizationRequest = v.InferOutput<typeof FileAuthorizationRequestSchema>

/** Response of `POST /files/authorization`: the bearer token for `POST /upload` (one file, 10 minutes). */
export const FileAuthorizationResponseSchema = v.object({ accessToken: v.string(), expiresAt: InstantSchema })
/** A file authorization. */
export type FileAuthorizationResponse = v.InferOutput<typeof FileAuthorizationResponseSchema>

/**
 * Response of `POST /upload` (body `application/octet-stream`, `Authorization: Bearer <file token>`):
 * the stored file. 400 when size or CRC-32 differ from the authorization, 413 when too large.
 */
export const UploadResponseSchema = v.object({
  id: IdSchema,
  size: v.number(),
  crc32: v.number(),
  type: v.string(),
  name: v.string(),
  /** `GET` it with the user's bearer token. */
  url: v.string(),
})
/** An upload result. */
export type UploadResponse = v.InferOutput<typeof UploadResponseSchema>

/** States of a file in the console's file list (SPEC §3); the server does not use them. */
export const FILE_ITEM_STATES = ['receiving', 'received', 'saving', 'deleted'] as const
