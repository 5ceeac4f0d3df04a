import * as v from 'valibot'
import { IdSchema, InstantSchema } from './common'

/** The longest device name (the browser's User-Agent, cleaned) the server keeps for a session. */
export const SESSION_DEVICE_MAX = 512

/** The browser of a session, in words where the server could read them, and as the browser named itself. */
export const SessionDeviceSchema = v.object({
  /** Browser and major version ("Chrome 120"); null when unknown. */
  browser: v.nullable(v.pipe(v.string(), v.maxLength(SESSION_DEVICE_MAX))),
  /** System and version ("Windows 10"); null when unknown. */
  os: v.nullable(v.pipe(v.string(), v.maxLength(SESSION_DEVICE_MAX))),
  /** The User-Agent, without control or bidi characters; null when the browser sent none. */
  userAgent: v.nullable(v.pipe(v.string(), v.maxLength(SESSION_DEVICE_MAX))),
})
/** A session's device. */
export type SessionDevice = v.InferOutput<typeof SessionDeviceSchema>

/**
 * One live login of the caller (ASVS 7.4.5): not revoked, not ended. The logins a claim started from it
 * (another page of the same sign-in) are folded into it: they end with it.
 */
export const ActiveSessionSchema = v.object({
  id: IdSchema,
  device: SessionDeviceSchema,
  /** The address the server last saw it at; null for logins of before the list existed. */
  address: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  createdAt: InstantSchema,
  /** The last refresh or socket connection (written at most once a minute); null when unknown. */
  lastUsedAt: v.nullable(InstantSchema),
  /** The caller's own session ("This device"). */
  current: v.boolean(),
})
/** An active session. */
export type ActiveSession = v.InferOutput<typeof ActiveSessionSchema>

/** `GET /auth/sessions`: the caller's live sessions, newest first. */
export const ActiveSessionsSchema = v.object({ sessions: v.array(ActiveSessionSchema) })
/** The caller's sessions. */
export type ActiveSessions = v.InferOutput<typeof ActiveSessionsSchema>

/** `POST /auth/sessions/end-others`: how many sessions were ended. */
export const EndedSessionsSchema = v.object({ ended: v.number() })
/** Sessions ended. */
export type EndedSessions = v.InferOutput<typeof EndedSessionsSchema>
