/**
 * The error catalogue of SPEC §8 as the server speaks it: HTTP-like status codes, machine reasons and
 * plain English messages. The console maps codes and reasons to its own translated strings; the
 * messages here are what a developer reads in a log or a curl session.
 */

/** Status codes of `POST /auth/login` and what each one means (SPEC §8 "Login"). */
export const LOGIN_STATUS = {
  /** The terms were not accepted (`agreement` false or missing), or the body is malformed. */
  termsRequired: 400,
  /**
   * Wrong email or password; in the code step, a refused 2FA code, whose `reason` (`TWO_FACTOR_REASON`)
   * is `wrong-code`, or `code-expired` for a code already used (a replay) or too late. A wrong password
   * never carries a reason.
   */
  badCredentials: 401,
  /** The account's subscription has expired. */
  subscriptionExpired: 402,
  /** The caller's IP is not in the account's allow list. */
  ipNotAllowed: 403,
  /** Too many failed attempts: the user is blocked for a while. */
  attemptLimit: 410,
  /** 2FA is on and no code was sent: show the code field. */
  otpRequired: 412,
  /** The user is locked. */
  locked: 423,
  /** Too many requests from this client (rate limiter; retry after the `retry-after` header). */
  rateLimited: 429,
} as const

/** Codes of `authenticate:error` on the socket (SPEC §4 "Session and token"). */
export const SOCKET_AUTH_ERROR = {
  /** Malformed authenticate payload, or a token the server cannot read: renew the token and reconnect. */
  malformed: 400,
  /** Expired, revoked or foreign token: renew the token and reconnect. */
  invalidToken: 401,
  /** The user already has a live session with another sessionId: do not reconnect. */
  duplicatedSession: 403,
} as const

/** Codes of `answer:error`. 422: the customer left before the answer; 409: another agent answered first. */
export const ANSWER_ERROR = {
  customerLeft: 422,
  answeredByAnother: 409,
} as const

/** The one field error code the hang-up conflict (409) carries today. */
export const MANDATORY_TAGS = {
  code: 'mandatoryTags',
  message: 'Select at least 1 tag is mandatory',
} as const

/** Why a transfer failed (`call:transfer:error` → `reason`), with its status code. */
export const TRANSFER_FAILURE = {
  /** The target agent dismissed the transfer. */
  dismissed: 409,
  /** The target agent did not answer in time. */
  timeout: 408,
  /** The target agent is not online and available. */
  unavailable: 409,
  /** Nobody is online in the target segment: 'No hay agentes conectados en el segmento.' */
  'no-agents': 422,
  /** Anything else (bad target, call not active...): the generic try-again message. */
  failed: 400,
} as const
/** A reason of `call:transfer:error`. */
export type TransferFailure = keyof typeof TRANSFER_FAILURE

/** Why an invitation failed (`call:invite:error` → `reason`): rejected, no reply, unavailable. */
export const INVITE_FAILURE = {
  dismissed: 409,
  timeout: 408,
  unavailable: 409,
  failed: 400,
} as const
/** A reason of `call:invite:error`. */
export type InviteFailure = keyof typeof INVITE_FAILURE

/** Plain messages the server uses; the console shows its own translations of the codes. */
export const ERROR_MESSAGES = {
  terms: 'You must accept the terms and conditions',
  credentials: 'Email or password do not match',
  otp: 'The verification code is not valid',
  otpExpired: 'The verification code has expired or was already used',
  subscription: 'The subscription of your account has expired',
  ip: 'Your IP address is not authorized',
  attempts: 'Too many failed attempts, try again later',
  locked: 'Your user is locked, contact your administrator',
  rateLimited: 'Too many requests',
  unauthorized: 'Invalid or expired token',
  duplicated: 'There is already an active session, please close your other session.',
  notAgent: 'Only agents can connect to the console',
  customerLeft: 'The customer left before the call was answered',
  answeredByAnother: 'The call has been answered by another agent',
  noAgents: 'No hay agentes conectados en el segmento.',
  transferFailed: 'The call could not be transferred, please try again',
  mandatoryTags: MANDATORY_TAGS.message,
  noUploadImages: 'You do not have access to upload images',
  noRecordings: "You haven't access to recordings",
  recordingNotFound: 'Recording not found',
  notFound: 'Not found',
  malformed: 'Malformed message',
  notInCall: 'There is no active call',
  notInMeeting: 'There is no active meeting',
  agentUnavailable: 'The agent is not available right now',
  personalLinkUnknown: 'This link is no longer valid',
  supervisorsOnly: 'Only supervisors can post announcements',
} as const
