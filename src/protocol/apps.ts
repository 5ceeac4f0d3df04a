import * as v from 'valibot'
import { InstantSchema, JsonObjectSchema, MAX_SHORT } from './common'

/**
 * The custom apps of a call (SPEC §2 "Apps panel", §4 stage codes, §7 `apps:message`): an app runs
 * beside the customer (a kiosk or a desktop app with a document scanner, an NFC reader and a
 * fingerprint reader) and the agent drives it. Every message is `apps:message { appEvent, name, data,
 * options }`; the agent sends commands, the app sends reports. The server relays each direction
 * within the call's room only, after checking it against these schemas.
 */

/** The devices an app reports on. */
export const APP_DEVICES = ['barcode', 'nfc', 'fingerprint'] as const
/** A device of the app. */
export type AppDevice = (typeof APP_DEVICES)[number]

/** What the agent can ask the app to do (the Actions menu). */
export const APP_ACTIONS = ['start', 'restart', 'stop'] as const
/** An action of the Actions menu. */
export type AppAction = (typeof APP_ACTIONS)[number]

/** The scans the app runs, each with its own result panel. */
export const APP_SCANS = ['document', 'fingerprint'] as const
/** A scan. */
export type AppScan = (typeof APP_SCANS)[number]

/** Levels of the app's log lines. */
export const APP_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
/** A log level. */
export type AppLogLevel = (typeof APP_LOG_LEVELS)[number]

/**
 * Stage status codes (SPEC §4): 0 failed (red), 1 started (gray), 2 in progress (blue), 3 done
 * (green). A status below 2 clears that scan's results.
 */
export const STAGE_STATUSES = [0, 1, 2, 3] as const
/** A stage status code. */
export type StageStatus = (typeof STAGE_STATUSES)[number]

/** Longest image an app may send, as a data URL (the socket carries at most 1 MB a message). */
export const MAX_APP_IMAGE_CHARS = 600_000
/** Longest text of a log line, a field value or an error. */
export const MAX_APP_TEXT = 2_000
/** Most fields a document result may carry. */
export const MAX_DOCUMENT_FIELDS = 40

/** Text an app may send: capped, and without control characters (NUL and friends; tabs and newlines pass). */
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/
const appText = (max: number) =>
  v.pipe(v.string(), v.maxLength(max), v.regex(NO_CONTROL, 'must not hold control characters'))

/** The app's name: `name` of one of `settings.apps`. */
export const AppNameSchema = v.pipe(appText(MAX_SHORT), v.minLength(1, 'must not be empty'))

/** Ties an action to the app's answer: letters, digits, `-` and `_` (a UUID fits). */
export const AppRequestIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
)

/** Raster images only, base64 in a data URL: no SVG (it may hold script), no remote URL (it would track). */
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|bmp|avif);base64,[A-Za-z0-9+/]+={0,2}$/

/** An image from the app: a base64 `data:` URL of a raster type (png, jpeg, gif, webp, bmp, avif). */
export const AppImageSchema = v.pipe(
  v.string(),
  v.maxLength(MAX_APP_IMAGE_CHARS),
  v.regex(RASTER_DATA_URL, 'must be a base64 data URL of a raster image'),
)

/** Whether a string is an image the console may show (the schema's rule, for the view's second check). */
export function isAppImage(value: unknown): value is string {
  return v.is(AppImageSchema, value)
}

/** `options`: free-form settings for the app, passed along untouched (the console sends `{}`). */
const OptionsSchema = v.optional(JsonObjectSchema)

// ---------------------------------------------------------------------------------------------
// Agent → app: commands

/** Payload of `apps:message` from the agent: start, restart or stop the app's process. */
export const AppCommandSchema = v.object({
  appEvent: v.picklist(APP_ACTIONS),
  name: AppNameSchema,
  /** `requestId` comes back in the app's `answer`. */
  data: v.object({ requestId: AppRequestIdSchema }),
  options: OptionsSchema,
})
/** A command to the app. */
export type AppCommand = v.InferOutput<typeof AppCommandSchema>

// ---------------------------------------------------------------------------------------------
// App → agent: reports

/** The app's process, as the app tells it. */
export const APP_PROCESS_STATES = ['running', 'stopped'] as const
/** The app's process state. */
export type AppProcessState = (typeof APP_PROCESS_STATES)[number]

/** `answer`: the app did (`ok`) or could not do a command; `state` is its process afterwards. */
export const AppAnswerSchema = v.object({
  appEvent: v.literal('answer'),
  name: AppNameSchema,
  data: v.object({
    requestId: AppRequestIdSchema,
    action: v.picklist(APP_ACTIONS),
    ok: v.boolean(),
    state: v.picklist(APP_PROCESS_STATES),
    /** Why it could not, in the app's words (shown as text). */
    error: v.optional(appText(MAX_APP_TEXT)),
  }),
  options: OptionsSchema,
})
/** An answer to a command. */
export type AppAnswer = v.InferOutput<typeof AppAnswerSchema>

/** Whether a device is usable now. */
export const DEVICE_STATES = ['active', 'disabled'] as const
/** A device state. */
export type DeviceState = (typeof DEVICE_STATES)[number]

/** `devices`: the state of some or all devices (the ones left out keep theirs). */
export const AppDevicesSchema = v.object({
  appEvent: v.literal('devices'),
  name: AppNameSchema,
  data: v.pipe(
    v.object({
      barcode: v.optional(v.picklist(DEVICE_STATES)),
      nfc: v.optional(v.picklist(DEVICE_STATES)),
      fingerprint: v.optional(v.picklist(DEVICE_STATES)),
    }),
    v.check((data) => APP_DEVICES.some((device) => data[device] !== undefined), 'must name a device'),
  ),
  options: OptionsSchema,
})
/** A device status report. */
export type AppDevices = v.InferOutput<typeof AppDevicesSchema>

/** `log`: a line of the app's own log. */
export const AppLogSchema = v.object({
  appEvent: v.literal('log'),
  name: AppNameSchema,
  data: v.object({
    level: v.picklist(APP_LOG_LEVELS),
    text: v.pipe(appText(MAX_APP_TEXT), v.minLength(1, 'must not be empty')),
    /** When the app wrote it. */
    at: InstantSchema,
  }),
  options: OptionsSchema,
})
/** A log line of the app. */
export type AppLog = v.InferOutput<typeof AppLogSchema>

/** One read field of a document (`Surname`: `Ramírez`); both are shown as text. */
export const DocumentFieldSchema = v.object({
  label: v.pipe(appText(MAX_SHORT), v.minLength(1, 'must not be empty')),
  value: appText(MAX_APP_TEXT),
})
/** A document field. */
export type DocumentField = v.InferOutput<typeof DocumentFieldSchema>

/** What a document scan read: its fields, in the app's order, and a picture of the document. */
export const DocumentResultSchema = v.object({
  fields: v.pipe(v.array(DocumentFieldSchema), v.maxLength(MAX_DOCUMENT_FIELDS)),
  image: v.optional(AppImageSchema),
})
/** A document scan result. */
export type DocumentResult = v.InferOutput<typeof DocumentResultSchema>

/** What a fingerprint scan read: its quality score (0–100) and a picture of the print. */
export const FingerprintResultSchema = v.object({
  quality: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  image: v.optional(AppImageSchema),
})
/** A fingerprint scan result. */
export type FingerprintResult = v.InferOutput<typeof FingerprintResultSchema>

const StatusSchema = v.picklist(STAGE_STATUSES)

/** `stage`: a scan reached a stage; `result` comes with 2 (partial) or 3 (final). */
export const AppStageSchema = v.object({
  appEvent: v.literal('stage'),
  name: AppNameSchema,
  data: v.variant('scan', [
    v.object({
      scan: v.literal('document'),
      status: StatusSchema,
      result: v.optional(DocumentResultSchema),
    }),
    v.object({
      scan: v.literal('fingerprint'),
      status: StatusSchema,
      result: v.optional(FingerprintResultSchema),
    }),
  ]),
  options: OptionsSchema,
})
/** A stage report. */
export type AppStage = v.InferOutput<typeof AppStageSchema>

/** Payload of `apps:message` from the app (the customer's side): answer, devices, log or stage. */
export const AppReportSchema = v.variant('appEvent', [
  AppAnswerSchema,
  AppDevicesSchema,
  AppLogSchema,
  AppStageSchema,
])
/** A report from the app. */
export type AppReport = v.InferOutput<typeof AppReportSchema>
