import * as v from 'valibot'
import { IdSchema, ShortTextSchema, plainObject } from './common'

/** The agent level: the only level allowed into the console (supervisors are 4, administrators below). */
export const AGENT_USER_LEVEL = 5

/** The account (organisation) a user belongs to; `org` of the access token is its `_id`. */
export const AccountSchema = v.object({ _id: IdSchema, name: v.string() })
/** An account. */
export type Account = v.InferOutput<typeof AccountSchema>

/** A user as `GET /users/{id}?$populate[0]=account` returns it (the account is always populated). */
export const UserSchema = v.object({
  id: IdSchema,
  firstname: v.string(),
  lastname: v.string(),
  email: v.string(),
  /** 5 agent, 4 supervisor, lower levels are administrators. */
  level: v.number(),
  account: AccountSchema,
  /** The user's own IANA time zone (working hours of the calendar are in it). */
  timezone: v.string(),
  /** Whether 2FA is on. */
  twoFactorEnabled: v.boolean(),
})
/** A user. */
export type User = v.InferOutput<typeof UserSchema>

/** Ringtone names of SPEC §9 (src/constants.ts re-exports them as RINGTONES). */
export const RINGTONE_NAMES = [
  'classic',
  'clear-ring',
  'future-sonar',
  'marimba-2',
  'noisy',
  'dodo',
  'happy-bells',
  'marimba',
  'smooth-piano',
  'electric-ring',
  'hey',
  'modern',
] as const

/** `''` (none), `'blur'`, or the 24-character id of an image of `settings.virtualBackground.images`. */
export const VirtualBackgroundChoiceSchema = v.union([
  v.literal(''),
  v.literal('blur'),
  v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/)),
])
/** A virtual background choice. */
export type VirtualBackgroundChoice = v.InferOutput<typeof VirtualBackgroundChoiceSchema>

/** User settings (`GET /user/settings`, `PATCH /user/settings`). */
export const UserSettingsSchema = v.object({
  ringtone: v.picklist(RINGTONE_NAMES),
  virtualBackground: v.object({ enabled: v.boolean(), background: VirtualBackgroundChoiceSchema }),
})
/** User settings. */
export type UserSettings = v.InferOutput<typeof UserSettingsSchema>

/** Body of `PATCH /user/settings` (an extension: SPEC only reads settings): any subset. */
export const UserSettingsPatchSchema = plainObject({
  ringtone: v.optional(v.picklist(RINGTONE_NAMES)),
  virtualBackground: v.optional(
    v.object({ enabled: v.optional(v.boolean()), background: v.optional(VirtualBackgroundChoiceSchema) }),
  ),
})
/** A settings change. */
export type UserSettingsPatch = v.InferOutput<typeof UserSettingsPatchSchema>

/** Live status flags of an agent, as `agent:status:update` and the agents table carry them. */
export const AgentStatusFlagsSchema = v.object({
  /** Connected and not in the `disconnected` status. */
  online: v.boolean(),
  /** Online, in the `available` status and not in a call or meeting: may be offered a call now. */
  available: v.boolean(),
  /** In a call or a meeting. */
  inCall: v.boolean(),
})
/** Status flags of an agent. */
export type AgentStatusFlags = v.InferOutput<typeof AgentStatusFlagsSchema>

/** An agent as the transfer and invite tables list it (`GET /users?level=5`). */
export const AgentSchema = v.object({
  id: IdSchema,
  firstname: v.string(),
  lastname: v.string(),
  level: v.number(),
  status: v.object({
    ...AgentStatusFlagsSchema.entries,
    /** The chosen status id (`available`, `break`...; see `settings.statuses`). */
    id: ShortTextSchema,
  }),
})
/** An agent row. */
export type Agent = v.InferOutput<typeof AgentSchema>
