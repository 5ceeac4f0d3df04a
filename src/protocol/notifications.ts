import * as v from 'valibot'
import { IdSchema, InstantSchema, JsonObjectSchema, plainObject } from './common'

/** Kinds of notification the server stores for an agent. */
export const NOTIFICATION_KINDS = ['announcement', 'appointment', 'meeting', 'recording', 'system'] as const

/** One notification of the profile list. */
export const NotificationSchema = v.object({
  id: IdSchema,
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  /** Optional link target (an appointment id...). */
  data: v.nullable(JsonObjectSchema),
  createdAt: InstantSchema,
  readAt: v.nullable(InstantSchema),
})
/** A notification. */
export type Notification = v.InferOutput<typeof NotificationSchema>

/**
 * Payload of `notifications:update`: the latest 50 notifications, `total` stored, `unread` unread
 * (the profile badge shows `unread`).
 */
export const NotificationsUpdateSchema = v.object({
  notifications: v.array(NotificationSchema),
  total: v.number(),
  unread: v.number(),
})
/** A notifications update. */
export type NotificationsUpdate = v.InferOutput<typeof NotificationsUpdateSchema>

/** Payload of `notifications:read`: mark these as read, or every one when `ids` is omitted. */
export const NotificationsReadSchema = plainObject({
  ids: v.optional(v.pipe(v.array(IdSchema), v.maxLength(500))),
})
/** A mark-as-read request. */
export type NotificationsRead = v.InferOutput<typeof NotificationsReadSchema>
