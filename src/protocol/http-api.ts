import type * as v from 'valibot'
import { ErrorReplySchema, OkSchema } from './common'
import {
  CheckTokenResponseSchema,
  ClaimRequestSchema,
  ClaimResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SsoRequestSchema,
  SsoResponseSchema,
  TwoFactorCodeSchema,
  TwoFactorDisableSchema,
  TwoFactorEnabledSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from './auth'
import {
  FileAuthorizationRequestSchema,
  FileAuthorizationResponseSchema,
  UploadResponseSchema,
} from './files'
import {
  DatesQuerySchema,
  DatesResponseSchema,
  HoursQuerySchema,
  HoursResponseSchema,
  ReferrersResponseSchema,
  RescheduleRequestSchema,
  RescheduleResponseSchema,
  ScheduleRequestSchema,
  ScheduleResponseSchema,
  ServiceFormResponseSchema,
  ServicesResponseSchema,
} from './appointments'
import { pagedSchema } from './list-query'
import { SegmentSchema } from './calls'
import { AgentSchema, UserSchema, UserSettingsPatchSchema, UserSettingsSchema } from './users'
import { WidgetFormsResponseSchema } from './forms'
import { BackgroundImageSchema, BackgroundImagesResponseSchema } from './backgrounds'
import { ExternalAppJwksSchema, ExternalAppSsoResponseSchema } from './external-apps'
import { RecordingCreateSchema, RecordingPatchSchema, RecordingSchema } from './recordings'
import { PersonalLinkRequestSchema, PersonalLinkResponseSchema, PublicPersonalLinkSchema } from './utilities'
import {
  CustomerCancelRequestSchema,
  CustomerRescheduleRequestSchema,
  PublicAppointmentSchema,
} from './customer-appointments'
import { CallHistoryDetailSchema, CallHistoryItemSchema } from './history'
import { MetricsQuerySchema, MetricsSchema } from './metrics'
import {
  AnnouncementCreateSchema,
  AnnouncementPageSchema,
  AnnouncementSchema,
  AnnouncementsReadSchema,
  AnnouncementsUnreadSchema,
} from './announcements'
import { NotificationSchema } from './notifications'
import { FeedbackSubmissionSchema } from './external-apps'
import {
  RecordingBackupRequestSchema,
  RecordingBackupSchema,
  RecordingBackupsResponseSchema,
} from './recording-backups'
import { ActiveSessionsSchema, EndedSessionsSchema } from './sessions'
import {
  PasswordResetAcceptedSchema,
  PasswordResetConfirmSchema,
  PasswordResetInfoSchema,
  PasswordResetRequestSchema,
} from './password-reset'

/**
 * Every HTTP call of SPEC §7 (and our extensions) in one table: method, path pattern (relative to the
 * API base), whether it takes the bearer access token, and validators of body and response. A failure
 * is always an `ErrorReply` JSON body with the HTTP status as `code`. Any call may answer 429 (with
 * `retry-after` in seconds) and an authenticated one 401 when the token is missing, expired or revoked.
 */
export const HTTP_API = {
  login: {
    method: 'POST',
    path: '/auth/login',
    auth: false,
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  },
  claim: { method: 'GET', path: '/auth/login/:id', auth: false, response: LoginResponseSchema },
  checkToken: { method: 'GET', path: '/auth/check-token', auth: true, response: CheckTokenResponseSchema },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    auth: false,
    body: RefreshRequestSchema,
    response: RefreshResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    auth: false,
    body: LogoutRequestSchema,
    response: OkSchema,
  },
  claims: {
    method: 'POST',
    path: '/auth/claims',
    auth: true,
    body: ClaimRequestSchema,
    response: ClaimResponseSchema,
  },
  devClaims: {
    method: 'POST',
    path: '/dev/claims',
    auth: false,
    body: ClaimRequestSchema,
    response: ClaimResponseSchema,
  },
  sso: {
    method: 'POST',
    path: '/auth/sso',
    auth: false,
    body: SsoRequestSchema,
    response: SsoResponseSchema,
  },
  /** Whether the login offers reset by email (false: production without a mail server). */
  passwordResetInfo: {
    method: 'GET',
    path: '/auth/password-reset',
    auth: false,
    response: PasswordResetInfoSchema,
  },
  /** Sends a reset link if an account has the email; 202 and the same body either way; 429 when throttled. */
  passwordReset: {
    method: 'POST',
    path: '/auth/password-reset',
    auth: false,
    body: PasswordResetRequestSchema,
    response: PasswordResetAcceptedSchema,
  },
  /** Sets the new password and ends every session of the user; 410 `invalid-token`, 400 `weak-password`. */
  passwordResetConfirm: {
    method: 'POST',
    path: '/auth/password-reset/confirm',
    auth: false,
    body: PasswordResetConfirmSchema,
    response: OkSchema,
  },
  /** The caller's own live sessions (ASVS 7.4.5), newest first, `current` on the caller's. */
  sessions: { method: 'GET', path: '/auth/sessions', auth: true, response: ActiveSessionsSchema },
  /** Ends one of the caller's sessions and closes its sockets; 404 for any id that is not one of them. */
  sessionEnd: { method: 'DELETE', path: '/auth/sessions/:id', auth: true, response: OkSchema },
  /** Ends every session of the caller but the one making the call (ASVS 7.5.2). */
  sessionsEndOthers: {
    method: 'POST',
    path: '/auth/sessions/end-others',
    auth: true,
    response: EndedSessionsSchema,
  },
  twoFactor: { method: 'GET', path: '/auth/2fa', auth: true, response: TwoFactorStatusSchema },
  twoFactorSetup: { method: 'POST', path: '/auth/2fa/setup', auth: true, response: TwoFactorSetupSchema },
  twoFactorEnable: {
    method: 'POST',
    path: '/auth/2fa/enable',
    auth: true,
    body: TwoFactorCodeSchema,
    response: TwoFactorEnabledSchema,
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/auth/2fa/disable',
    auth: true,
    body: TwoFactorDisableSchema,
    response: OkSchema,
  },
  twoFactorBackupCodes: {
    method: 'POST',
    path: '/auth/2fa/backup-codes',
    auth: true,
    body: TwoFactorCodeSchema,
    response: TwoFactorEnabledSchema,
  },
  fileAuthorization: {
    method: 'POST',
    path: '/files/authorization',
    auth: true,
    body: FileAuthorizationRequestSchema,
    response: FileAuthorizationResponseSchema,
  },
  /** Body: the raw bytes (`application/octet-stream`); bearer: the file token, not the access token. */
  upload: { method: 'POST', path: '/upload', auth: true, response: UploadResponseSchema },
  /** Response: the bytes, with the stored content type. */
  file: { method: 'GET', path: '/files/:id', auth: true },
  services: { method: 'GET', path: '/services', auth: true, response: ServicesResponseSchema },
  serviceForms: {
    method: 'GET',
    path: '/services/:id/forms',
    auth: true,
    response: ServiceFormResponseSchema,
  },
  referrers: { method: 'GET', path: '/referrers', auth: true, response: ReferrersResponseSchema },
  schedule: {
    method: 'POST',
    path: '/schedule/:userId',
    auth: true,
    body: ScheduleRequestSchema,
    response: ScheduleResponseSchema,
  },
  reschedule: {
    method: 'POST',
    path: '/schedule/reschedule/:appointmentId',
    auth: true,
    body: RescheduleRequestSchema,
    response: RescheduleResponseSchema,
  },
  userDates: {
    method: 'GET',
    path: '/users/:id/dates',
    auth: true,
    query: DatesQuerySchema,
    response: DatesResponseSchema,
  },
  userHours: {
    method: 'GET',
    path: '/users/:id/hours',
    auth: true,
    query: HoursQuerySchema,
    response: HoursResponseSchema,
  },
  /** List query: `name` filters, `id[$in]`. */
  segments: { method: 'GET', path: '/segments', auth: true, response: pagedSchema(SegmentSchema) },
  /** List query: `level`, `firstname`/`lastname` (`$regex`), `id[$ne]`/`$nin`, `status.available`. */
  users: { method: 'GET', path: '/users', auth: true, response: pagedSchema(AgentSchema) },
  user: { method: 'GET', path: '/users/:id', auth: true, response: UserSchema },
  widget: { method: 'GET', path: '/widget', auth: true, response: WidgetFormsResponseSchema },
  userSettings: { method: 'GET', path: '/user/settings', auth: true, response: UserSettingsSchema },
  /** The agent's own background images (`data` of `{ _id, url }`; each `url` needs the bearer token). */
  backgroundImages: {
    method: 'GET',
    path: '/user/backgrounds',
    auth: true,
    response: BackgroundImagesResponseSchema,
  },
  /** Upload: the image bytes as the body, `content-type` image/jpeg, image/png or image/webp, at most 2 MB. */
  backgroundImageUpload: {
    method: 'POST',
    path: '/user/backgrounds',
    auth: true,
    response: BackgroundImageSchema,
  },
  /** The image bytes, with its type (bearer token needed). */
  backgroundImage: { method: 'GET', path: '/user/backgrounds/:id', auth: true },
  backgroundImageDelete: { method: 'DELETE', path: '/user/backgrounds/:id', auth: true, response: OkSchema },
  userSettingsPatch: {
    method: 'PATCH',
    path: '/user/settings',
    auth: true,
    body: UserSettingsPatchSchema,
    response: UserSettingsSchema,
  },
  externalAppSso: {
    method: 'GET',
    path: '/external-apps/:app/sso',
    auth: true,
    response: ExternalAppSsoResponseSchema,
  },
  /** The public key set external apps verify `externalAppSso` tokens with (ES256; cached 5 minutes). */
  externalAppJwks: {
    method: 'GET',
    path: '/external-apps/jwks.json',
    auth: false,
    response: ExternalAppJwksSchema,
  },
  recordings: { method: 'GET', path: '/recordings', auth: true, response: pagedSchema(RecordingSchema) },
  recording: { method: 'GET', path: '/recordings/:id', auth: true, response: RecordingSchema },
  recordingCreate: {
    method: 'POST',
    path: '/recordings',
    auth: true,
    body: RecordingCreateSchema,
    response: RecordingSchema,
  },
  recordingPatch: {
    method: 'PATCH',
    path: '/recordings/:id',
    auth: true,
    body: RecordingPatchSchema,
    response: RecordingSchema,
  },
  recordingDelete: { method: 'DELETE', path: '/recordings/:id', auth: true, response: OkSchema },
  /** The media of a playable recording: `?token=` from its `mediaUrl`; HTTP Range; `&download=1`. */
  recordingMedia: { method: 'GET', path: '/recordings/:id/media', auth: false, response: null },
  recordingBackups: {
    method: 'GET',
    path: '/recording-backups',
    auth: true,
    response: RecordingBackupsResponseSchema,
  },
  recordingBackupCreate: {
    method: 'POST',
    path: '/recording-backups',
    auth: true,
    body: RecordingBackupRequestSchema,
    response: RecordingBackupSchema,
  },
  recordingBackupDelete: { method: 'DELETE', path: '/recording-backups/:id', auth: true, response: OkSchema },
  /** The zip of a ready backup: `?token=` from its `downloadUrl`. */
  recordingBackupDownload: {
    method: 'GET',
    path: '/recording-backups/:id/download',
    auth: false,
    response: null,
  },
  personalLink: { method: 'GET', path: '/personal-link', auth: true, response: PersonalLinkResponseSchema },
  /** Makes a new link; the previous one stops working. */
  personalLinkCreate: {
    method: 'POST',
    path: '/personal-link',
    auth: true,
    body: PersonalLinkRequestSchema,
    response: PersonalLinkResponseSchema,
  },
  /** Reference server: whom a personal link calls, for the customer page (404 for an unknown or replaced link). */
  publicPersonalLink: {
    method: 'GET',
    path: '/public/personal-links/:code',
    auth: false,
    response: PublicPersonalLinkSchema,
  },
  /**
   * Reference server, no login: the appointment of a modify link, for the customer page (404 for an
   * unknown code). A moved appointment's link leads to where it was moved.
   */
  publicAppointment: {
    method: 'GET',
    path: '/public/appointments/:code',
    auth: false,
    response: PublicAppointmentSchema,
  },
  /** The days of a month with a free slot the appointment could move to (its length, its agent's hours). */
  publicAppointmentDates: {
    method: 'GET',
    path: '/public/appointments/:code/dates',
    auth: false,
    query: DatesQuerySchema,
    response: DatesResponseSchema,
  },
  /** The free slots of a day the appointment could move to. */
  publicAppointmentHours: {
    method: 'GET',
    path: '/public/appointments/:code/hours',
    auth: false,
    query: HoursQuerySchema,
    response: HoursResponseSchema,
  },
  /** The customer cancels (409 once it is not changeable); the agent hears `appointments:customer-change`. */
  publicAppointmentCancel: {
    method: 'POST',
    path: '/public/appointments/:code/cancel',
    auth: false,
    body: CustomerCancelRequestSchema,
    response: PublicAppointmentSchema,
  },
  /** The customer moves it to a free slot (409 taken, 422 not bookable): the response is the new one. */
  publicAppointmentReschedule: {
    method: 'POST',
    path: '/public/appointments/:code/reschedule',
    auth: false,
    body: CustomerRescheduleRequestSchema,
    response: PublicAppointmentSchema,
  },
  /** List query over `HISTORY_FIELDS`; only the caller's own calls and meetings. */
  calls: { method: 'GET', path: '/calls', auth: true, response: pagedSchema(CallHistoryItemSchema) },
  /** 404 unless the caller was part of it. */
  call: { method: 'GET', path: '/calls/:id', auth: true, response: CallHistoryDetailSchema },
  /** List query (`$limit`, `$skip`); newest first. The badge's count comes with `notifications:update`. */
  notifications: {
    method: 'GET',
    path: '/notifications',
    auth: true,
    response: pagedSchema(NotificationSchema),
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    auth: true,
    query: MetricsQuerySchema,
    response: MetricsSchema,
  },
  announcements: { method: 'GET', path: '/announcements', auth: true, response: AnnouncementPageSchema },
  /** Supervisors and administrators only (403 for agents); every agent of the account hears `announcement:new`. */
  announcementCreate: {
    method: 'POST',
    path: '/announcements',
    auth: true,
    body: AnnouncementCreateSchema,
    response: AnnouncementSchema,
  },
  announcementsRead: {
    method: 'POST',
    path: '/announcements/read',
    auth: true,
    body: AnnouncementsReadSchema,
    response: AnnouncementsUnreadSchema,
  },
  /** Bearer: the feedback SSO token of `externalAppSso`, not the access token. */
  feedbackSubmission: {
    method: 'POST',
    path: '/external-apps/feedback/submissions',
    auth: true,
    body: FeedbackSubmissionSchema,
    response: OkSchema,
  },
} as const

/** The body of every HTTP failure. */
export const HttpErrorSchema = ErrorReplySchema
/** A route of the table. */
export type HttpRoute = (typeof HTTP_API)[keyof typeof HTTP_API]
/** The response type of a route. */
export type HttpResponse<K extends keyof typeof HTTP_API> = (typeof HTTP_API)[K] extends {
  response: infer S extends v.GenericSchema
}
  ? v.InferOutput<S>
  : never
/** The body type of a route. */
export type HttpBody<K extends keyof typeof HTTP_API> = (typeof HTTP_API)[K] extends {
  body: infer S extends v.GenericSchema
}
  ? v.InferInput<S>
  : never
