import * as v from 'valibot'
import { IdSchema, plainObject } from './common'

/** Body of `POST /personal-link`: a link that sends customers straight to this agent (or a segment of theirs). */
export const PersonalLinkRequestSchema = plainObject({ segment: v.optional(IdSchema) })
/** A personal link request. */
export type PersonalLinkRequest = v.InferOutput<typeof PersonalLinkRequestSchema>

/** Response of `POST /personal-link`. */
export const PersonalLinkResponseSchema = v.object({ url: v.string() })
/** A personal link. */
export type PersonalLinkResponse = v.InferOutput<typeof PersonalLinkResponseSchema>
