import * as v from 'valibot'
import { DateOnlySchema, IdSchema, InstantSchema, TimeZoneSchema } from './common'

/** How long a finished backup stays downloadable (then it is removed). */
export const BACKUP_KEEP_MS = 7 * 24 * 60 * 60 * 1000

/** Backup statuses: waiting its turn, being zipped, downloadable, or failed. */
export const BACKUP_STATUSES = ['queued', 'building', 'ready', 'failed'] as const

/** A zip of an agent's recordings over a date range (`/profile/recordings/backups`). */
export const RecordingBackupSchema = v.object({
  id: IdSchema,
  /** First day of the range (the agent's own time zone). */
  from: DateOnlySchema,
  /** Last day of the range, included. */
  to: DateOnlySchema,
  status: v.picklist(BACKUP_STATUSES),
  /** 0 to 1 while building. */
  progress: v.number(),
  /** Recordings in it. */
  count: v.number(),
  /** Bytes of the zip once ready. */
  size: v.nullable(v.number()),
  createdAt: InstantSchema,
  /** When it is removed (ready backups). */
  expiresAt: v.nullable(InstantSchema),
  /** Where to download it (ready backups), relative to the API base, with a short-lived token. */
  downloadUrl: v.nullable(v.string()),
})
/** A recordings backup. */
export type RecordingBackup = v.InferOutput<typeof RecordingBackupSchema>

/** Body of `POST /recording-backups`. */
export const RecordingBackupRequestSchema = v.pipe(
  v.object({ from: DateOnlySchema, to: DateOnlySchema, timezone: v.optional(TimeZoneSchema) }),
  v.check((range) => range.from <= range.to, 'from must not be after to'),
)
/** A backup request. */
export type RecordingBackupRequest = v.InferOutput<typeof RecordingBackupRequestSchema>

/** Response of `GET /recording-backups`: the agent's backups, newest first. */
export const RecordingBackupsResponseSchema = v.object({ data: v.array(RecordingBackupSchema) })
/** The backups list. */
export type RecordingBackupsResponse = v.InferOutput<typeof RecordingBackupsResponseSchema>
