import * as v from 'valibot'
import { IdSchema, InstantSchema, LongTextSchema, plainObject } from './common'
import { pagedSchema } from './list-query'

/** An account announcement, as an agent lists it. */
export const AnnouncementSchema = v.object({
  id: IdSchema,
  title: v.string(),
  body: v.string(),
  /** Who posted it (a supervisor's name). */
  author: v.string(),
  createdAt: InstantSchema,
  /** This agent has read it. */
  read: v.boolean(),
})
/** An announcement. */
export type Announcement = v.InferOutput<typeof AnnouncementSchema>

/** `GET /announcements{query}`: a page, newest first, and how many the agent has not read. */
export const AnnouncementPageSchema = v.object({
  ...pagedSchema(AnnouncementSchema).entries,
  unread: v.number(),
})
/** A page of announcements. */
export type AnnouncementPage = v.InferOutput<typeof AnnouncementPageSchema>

/** Body of `POST /announcements` (supervisors and administrators of the account). */
export const AnnouncementCreateSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  body: v.pipe(LongTextSchema, v.trim(), v.minLength(1)),
})
/** An announcement to post. */
export type AnnouncementCreate = v.InferOutput<typeof AnnouncementCreateSchema>

/** Body of `POST /announcements/read`: these ids, or every one when `ids` is omitted. */
export const AnnouncementsReadSchema = plainObject({
  ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(500))),
})
/** A mark-as-read request. */
export type AnnouncementsRead = v.InferOutput<typeof AnnouncementsReadSchema>

/** Response of `POST /announcements/read`, and payload of `announcements:update`: the unread count now. */
export const AnnouncementsUnreadSchema = v.object({ unread: v.number() })
/** The unread count. */
export type AnnouncementsUnread = v.InferOutput<typeof AnnouncementsUnreadSchema>

/** Payload of `announcement:new`: a supervisor posted one; the agent's unread count with it. */
export const AnnouncementNewSchema = v.object({ announcement: AnnouncementSchema, unread: v.number() })
/** A new announcement. */
export type AnnouncementNew = v.InferOutput<typeof AnnouncementNewSchema>
