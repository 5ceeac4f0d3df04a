/**
 * HTTP paths of SPEC §7, relative to the API base the console is configured with (`/api` on the
 * reference server). Functions take the ids; list queries append `encodeListQuery(...)`.
 *
 * @example
 * http.get(API_BASE + HTTP_PATHS.users + encodeListQuery({ level: 5, $limit: 10 }))
 */
export const HTTP_PATHS = {
  login: '/auth/login',
  claim: (id: string) => `/auth/login/${encodeURIComponent(id)}`,
  checkToken: '/auth/check-token',
  refreshToken: '/auth/refresh-token',
  logout: '/auth/logout',
  /** Mint a claim id for the bearer's own session (to hand over to another page). */
  claims: '/auth/claims',
  /** Start enterprise SSO (extension). */
  sso: '/auth/sso',
  /** No login: whether reset by email is offered (GET); ask for a reset link (POST). */
  passwordReset: '/auth/password-reset',
  /** No login: set a new password with a reset link's token. */
  passwordResetConfirm: '/auth/password-reset/confirm',
  /** The caller's live sessions (ASVS 7.4.5); one ended by id; all but the caller's own ended. */
  sessions: '/auth/sessions',
  session: (id: string) => `/auth/sessions/${encodeURIComponent(id)}`,
  endOtherSessions: '/auth/sessions/end-others',
  twoFactor: '/auth/2fa',
  twoFactorSetup: '/auth/2fa/setup',
  twoFactorEnable: '/auth/2fa/enable',
  twoFactorDisable: '/auth/2fa/disable',
  twoFactorBackupCodes: '/auth/2fa/backup-codes',
  fileAuthorization: '/files/authorization',
  upload: '/upload',
  file: (id: string) => `/files/${encodeURIComponent(id)}`,
  services: '/services',
  serviceForms: (id: string) => `/services/${encodeURIComponent(id)}/forms`,
  referrers: '/referrers',
  schedule: (userId: string) => `/schedule/${encodeURIComponent(userId)}`,
  reschedule: (appointmentId: string) => `/schedule/reschedule/${encodeURIComponent(appointmentId)}`,
  userDates: (userId: string) => `/users/${encodeURIComponent(userId)}/dates`,
  userHours: (userId: string) => `/users/${encodeURIComponent(userId)}/hours`,
  segments: '/segments',
  users: '/users',
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  widget: '/widget',
  userSettings: '/user/settings',
  backgroundImages: '/user/backgrounds',
  backgroundImage: (id: string) => `/user/backgrounds/${encodeURIComponent(id)}`,
  externalAppSso: (app: string) => `/external-apps/${encodeURIComponent(app)}/sso`,
  recordings: '/recordings',
  recording: (id: string) => `/recordings/${encodeURIComponent(id)}`,
  recordingBackups: '/recording-backups',
  recordingBackup: (id: string) => `/recording-backups/${encodeURIComponent(id)}`,
  personalLink: '/personal-link',
  /** Reference server, no login: whom a personal link calls. */
  publicPersonalLink: (code: string) => `/public/personal-links/${encodeURIComponent(code)}`,
  /** Reference server, no login: an appointment by its modify code (and its free days, hours, cancel, move). */
  publicAppointment: (code: string) => `/public/appointments/${encodeURIComponent(code)}`,
  /** The agent's own calls and meetings (list query). */
  calls: '/calls',
  call: (id: string) => `/calls/${encodeURIComponent(id)}`,
  /** The agent's notifications (list query), newest first. */
  notifications: '/notifications',
  /** The agent's own metrics (`?period=day|week&date=&timeZone=`). */
  metrics: '/metrics',
  announcements: '/announcements',
  announcementsRead: '/announcements/read',
  /** The feedback widget's form posts here with its SSO token. */
  feedbackSubmissions: '/external-apps/feedback/submissions',
} as const

/** The API base of the reference server. */
export const API_BASE = '/api'

/** Paths that carry no bearer token (SPEC §7), relative to the API base. */
export const UNAUTHENTICATED_PATHS = ['/auth/login', '/auth/logout', '/auth', '/auth/password-reset'] as const

/** Dev-only path (reference server, not in production): mint a claim id for any user by email. */
export const DEV_CLAIMS_PATH = '/dev/claims'
