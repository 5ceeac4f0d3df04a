import * as v from 'valibot'
import { IdSchema, ShortTextSchema } from './common'

/** Status ids the console knows by name (SPEC §3); an account may add others, shown with their own label. */
export const KNOWN_STATUS_IDS = [
  'available',
  'occupied',
  'meeting',
  'in-call',
  'busy',
  'break',
  'bath',
  'meal',
  'gathering',
  'training',
  'disconnected',
  'interacting',
] as const

/** The status that makes an agent available for calls. */
export const AVAILABLE_STATUS = 'available'
/** The status that makes an agent offline while the socket stays connected. */
export const DISCONNECTED_STATUS = 'disconnected'

/** One entry of `settings.statuses`: what the status dropdown offers. */
export const StatusOptionSchema = v.object({
  id: ShortTextSchema,
  name: v.string(),
  label: v.string(),
  /** CSS colour (`#e5484d`). */
  color: v.string(),
})
/** A status option. */
export type StatusOption = v.InferOutput<typeof StatusOptionSchema>

/** A custom app of `settings.apps` (the call panel uses the first). */
export const AppSettingsSchema = v.object({
  name: ShortTextSchema,
  label: v.string(),
  /** Page the app panel may embed, if any. */
  url: v.optional(v.string()),
  /** Devices the app drives (barcode, nfc, fingerprint). */
  devices: v.array(v.picklist(['barcode', 'nfc', 'fingerprint'])),
})
/** A custom app. */
export type AppSettings = v.InferOutput<typeof AppSettingsSchema>

/** How a call may be recorded (`recordingsSettings` of a call, and `settings.recorder`). */
export const RecordingsSettingsSchema = v.object({
  enabled: v.boolean(),
  type: v.picklist(['cloud', 'local']),
  audioBitsPerSeconds: v.number(),
  videoBitsPerSeconds: v.number(),
  maxBytes: v.number(),
  automaticRecord: v.boolean(),
  audio: v.boolean(),
  video: v.boolean(),
})
/** Recording settings. */
export type RecordingsSettings = v.InferOutput<typeof RecordingsSettingsSchema>

/** Console settings, pushed as `console:settings` after authenticate (SPEC §3). */
export const ConsoleSettingsSchema = v.object({
  fileShare: v.object({ enabled: v.boolean() }),
  capture: v.object({ enabled: v.boolean() }),
  apps: v.array(AppSettingsSchema),
  /** The account's recorder defaults (the shape of a call's `recordingsSettings`). */
  recorder: RecordingsSettingsSchema,
  calendarEnabled: v.boolean(),
  virtualBackground: v.object({
    enabled: v.boolean(),
    images: v.array(v.object({ _id: IdSchema, url: v.string() })),
  }),
  statuses: v.array(StatusOptionSchema),
  /** Page size the server uses for list queries without `$limit` (transfer tables use it). */
  pageSize: v.number(),
})
/** Console settings. */
export type ConsoleSettings = v.InferOutput<typeof ConsoleSettingsSchema>
