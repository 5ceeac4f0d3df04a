import * as v from 'valibot'
import { IdSchema, InstantSchema, plainObject } from './common'
import { SegmentSchema } from './calls'

/** Body of `POST /personal-link`: make (or remake) the agent's link, for one of their segments (the first by default). */
export const PersonalLinkRequestSchema = plainObject({ segment: v.optional(IdSchema) })
/** A personal link request. */
export type PersonalLinkRequest = v.InferOutput<typeof PersonalLinkRequestSchema>

/**
 * The agent's personal link: a customer page URL whose calls ring at this agent only. Making a new
 * one replaces it: the old URL stops working.
 */
export const PersonalLinkSchema = v.object({
  url: v.string(),
  /** The link's code (the `link` parameter of the URL). */
  code: v.string(),
  segment: SegmentSchema,
  createdAt: InstantSchema,
})
/** A personal link. */
export type PersonalLink = v.InferOutput<typeof PersonalLinkSchema>

/** Response of `GET /personal-link` and `POST /personal-link`: the link, or null before the first. */
export const PersonalLinkResponseSchema = v.object({ link: v.nullable(PersonalLinkSchema) })
/** A personal link response. */
export type PersonalLinkResponse = v.InferOutput<typeof PersonalLinkResponseSchema>

/** Response of `GET /public/personal-links/{code}` (reference server, no login): whom the customer page calls. */
export const PublicPersonalLinkSchema = v.object({
  agent: v.string(),
  segment: SegmentSchema,
  /** Whether the agent could take the call right now. */
  available: v.boolean(),
})
/** A personal link as the customer page sees it. */
export type PublicPersonalLink = v.InferOutput<typeof PublicPersonalLinkSchema>
