/**
 * Every duration and limit of SPEC §9, named once. Timers read these through `services/clock`,
 * so a test that fakes the clock can step exactly to each boundary.
 *
 * @example
 * clock.setTimeout(loadMore, VIEW_SWITCH_DELAY_MS)
 */
import { RINGTONE_NAMES } from './protocol/users'

/** Socket.io connect/ack timeout. */
export const SOCKET_TIMEOUT_MS = 15_000
/** Path of the realtime channel on the server. */
export const SOCKET_PATH = '/ws'
/** Wait before retrying a request answered 429. */
export const RETRY_AFTER_429_MS = 1_000
/** Debounce of agent-form and comment saves. */
export const SAVE_DEBOUNCE_MS = 500
/** A comment or agent-form save that failed is tried again this long after, for as long as the call lasts. */
export const SAVE_RETRY_MS = 5_000
/**
 * An upload with no progress and no answer for this long is given up (a link that hangs without failing
 * kept a file 'Saving' for good); the file stays, to be saved again.
 */
export const UPLOAD_STALL_MS = 60_000
/** Tries of a chunk that a call needs at once (the peer library), and the wait between two. */
export const CHUNK_IMPORT_ATTEMPTS = 3
export const CHUNK_RETRY_DELAY_MS = 2_000
/** Capture button stays locked this long after a shot. */
export const CAPTURE_LOCK_MS = 1_000
/** After `beamport:create`, the data channel connects this long later (SPEC §4). */
export const BEAMPORT_CONNECT_DELAY_MS = 1_000
/** MediaRecorder chunk interval. */
export const RECORDER_CHUNK_MS = 1_000
/** Wait for the last chunk after asking the recorder to stop. */
export const RECORDING_STOP_WAIT_MS = 500
/** Default toast duration. */
export const NOTIFICATION_MS = 7_000
/** Toast duration of the answer-timeout notification. */
export const ANSWER_TIMEOUT_NOTIFICATION_MS = 10_000
/** Marker for toasts that stay until dismissed (new meeting, meeting status). */
export const PERSISTENT = Infinity
/** A user below agent level is sent to their dashboard after this long. */
export const LOGIN_REDIRECT_MS = 10_000
/** The agent level: the only level allowed into the console. */
export const AGENT_LEVEL = 5
/** An appointment can be joined until this long after its end. */
export const APPOINTMENT_JOIN_WINDOW_MS = 30 * 60_000
// The booking window (minimum gap, earliest day and hour) lives with the zone rules: src/lib/booking-window.
/** Appointment check interval while the calendar is enabled. */
export const APPOINTMENT_CHECK_MS = 5_000
/** The calendar scrolls to now this long after it is created. */
export const CALENDAR_SCROLL_DELAY_MS = 4_000
/** The create or reschedule drawer opens after this delay. */
export const DRAWER_OPEN_DELAY_MS = 200
/** Delay between call-panel view switches. */
export const VIEW_SWITCH_DELAY_MS = 500
/** The queue-ticket notify button shows loading this long. */
export const TICKET_NOTIFY_LOADING_MS = 3_000
/** Network quality is measured this often while no call is active. */
export const NETWORK_CHECK_MS = 2_000
/** The disconnection log keeps at most this many entries (oldest dropped). */
export const DISCONNECTION_LOG_MAX = 3_600

/** The diagnostic bundle keeps this many of the latest dropped server messages. */
export const PROTOCOL_ERRORS_KEPT = 100

/** The diagnostic bundle keeps this many of the latest network readings (5 minutes at one per 2 s). */
export const NETWORK_SAMPLES_KEPT = 150
/** After a transfer to a segment, the agent's call ends this long later. */
export const SEGMENT_TRANSFER_END_MS = 10_000
/** Default interval of relative timers. */
export const RELATIVE_TIMER_INTERVAL_MS = 60_000
/** Relative timers show minutes from this many minutes… */
export const RELATIVE_TIMER_MINUTES_FROM = 1
/** …and hours from this many minutes on. */
export const RELATIVE_TIMER_HOURS_FROM = 60
/** Browser offline: the 'status.offline' notification shows this long after the disconnect. */
export const OFFLINE_NOTICE_DELAY_MS = 500
/** A lazy chunk that has not loaded after this long shows the generic error with a retry. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
/** The inbound modal's chunk, when it failed to load, is asked for again after this long (and again). */
export const INBOUND_CHUNK_RETRY_MS = 5_000
/** Default page size of list queries. */
export const DEFAULT_PAGE_SIZE = 10
/** First day of the week (0 Sunday, 1 Monday). */
export const WEEK_START_DAY = 1
/** Virtual-background blur strength. */
export const VIRTUAL_BACKGROUND_BLUR = 7
/**
 * Below this many processed frames a second (or 60 % of a slower camera's own rate) the machine is not
 * keeping up with the virtual background.
 */
export const VIRTUAL_BACKGROUND_MIN_FPS = 15
/** Seconds in a row below `VIRTUAL_BACKGROUND_MIN_FPS` before the virtual background turns itself off. */
export const VIRTUAL_BACKGROUND_SLOW_SECONDS = 5
/** Length of a virtual-background image id. */
export const BACKGROUND_IMAGE_ID_LENGTH = 24
/** Length of a 2FA PIN. */
export const TWO_FACTOR_PIN_LENGTH = 6
/** Number of one-time 2FA backup codes. */
export const TWO_FACTOR_BACKUP_CODES = 10
/** Ringtones an agent can choose from (user settings); the contract's list, SPEC §9. */
export const RINGTONES = RINGTONE_NAMES
/** A ringtone name. */
export type Ringtone = (typeof RINGTONES)[number]
/** Languages of the interface, the first is the fallback. */
export const LANGUAGES = ['en', 'es', 'fr'] as const
/** A supported language. */
export type Language = (typeof LANGUAGES)[number]
/** Time zone used when none is known. */
export const FALLBACK_TIME_ZONE = 'America/Santiago'
/** Token delay setting of SPEC §9 (unit not given there: we read it as seconds of clock skew allowed). */
export const TOKEN_DELAY_S = 3
/** Key of the session id in sessionStorage. */
export const SESSION_ID_KEY = 'console-session'

// Session timings the SPEC leaves open (issue 4), named here beside those of §9.
/**
 * Pause between the first reconnection attempts (issue 18): a restarted server is ready in seconds, and
 * the agent should be available again within a second of it, so the first attempts come about every second.
 */
export const RECONNECT_BASE_MS = 800
/**
 * How many attempts come at the fast pace before the back-off doubles: about 12 s, as long as a server
 * takes to restart on a busy machine.
 */
export const RECONNECT_FAST_ATTEMPTS = 15
/** Longest pause between two reconnection attempts (the back-off doubles up to it). */
export const RECONNECT_MAX_MS = 30_000
/**
 * Random share of each pause (±half of it around the pause), so agents do not all come back at the
 * same instant.
 */
export const RECONNECT_JITTER = 0.5
/** An access token this close to its expiry is renewed before the socket authenticates with it. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000
/** How often the console looks for a gap in time (the laptop slept). */
export const WAKE_CHECK_MS = 5_000
/** A gap this much longer than the check interval means the machine was asleep. */
export const WAKE_GAP_MS = 15_000
/** How often the time-connected timer ticks. */
export const TIMER_TICK_MS = 1_000
// File share and capture timings the SPEC leaves open (issue 11).
/** A capture the customer has not answered (nor refused) after this long unlocks the button with a note. */
export const CAPTURE_ANSWER_TIMEOUT_MS = 60_000
/** A transfer cut by a dropped connection waits this long for the peer to come back, then fails. */
export const TRANSFER_RESUME_WINDOW_MS = 60_000
/** Progress (bytes, speed, time left) of a file on screen refreshes at most this often. */
export const TRANSFER_PROGRESS_REFRESH_MS = 250
/** Speed is measured over this much recent time. */
export const TRANSFER_RATE_WINDOW_MS = 3_000
/** A beamport link that fails is tried again this many times in a row before the view says so. */
export const BEAMPORT_MAX_RETRIES = 5

/**
 * The calendar sidebar waits for the agent's status to settle (a working status chosen) or this long
 * after connecting, so its heavy chunk never competes with going available.
 */
export const SECONDARY_AREAS_DELAY_MS = 3_000

// Custom apps (issue 13): the SPEC names neither value.
/** How long an app action (start, restart, stop) waits for the app's answer before it says so. */
export const APP_ACTION_TIMEOUT_MS = 10_000
/** The apps log keeps this many lines, the newest first. */
export const APP_LOG_MAX = 500

/** How long a new media link may take to connect before its people are told the media cannot connect. */
export const MEDIA_CONNECT_TIMEOUT_MS = 15_000
/**
 * A restart that has not brought the media path back in this long is tried again (doubling). A restart
 * takes well under a second where the relay answers; the break is seen after `MEDIA_STALL_MS`, so a
 * first restart lost on the way is retried in time for media to be back within 5 s (issue 62).
 */
export const ICE_RESTART_RETRY_MS = 1_500
/**
 * Once media has flowed, this long without a packet means its path broke (ICE may take seconds more to
 * say). Kept well under 3 s: Chrome's receiver asks for a key frame 3 s after its last decoded frame, and
 * a path mended after that first request (lost on the broken path) showed no picture until the next one,
 * 6 s after the break (the network lab, on a loaded machine: CI's 6.5 s). Audio alone sends 50 packets a
 * second, so a healthy path is never this long without one.
 */
export const MEDIA_STALL_MS = 1_250
/** How often a media connection's packets are counted for that. */
export const MEDIA_STALL_CHECK_MS = 250
/**
 * A restart offer younger than this is in flight, not lost: a restart asked meanwhile (the other side noticed the
 * same break) does not send it again.
 */
export const ICE_RESTART_RESEND_MS = 1_000
/** An ICE restart offer not answered within this long may be replaced by a new one (its answer was lost). */
export const ICE_RESTART_ANSWER_WAIT_MS = 5_000
/** The longest wait between two ICE restarts of a path that stays down. */
export const ICE_RESTART_RETRY_MAX_MS = 30_000
/** How often a call's media is measured (`getStats()`) for the quality indicator and summary. */
export const MEDIA_STATS_INTERVAL_MS = 1_000
/** Share of a TURN credential's life after which the ICE servers are asked for again. */
export const ICE_RENEW_AT_SHARE = 0.75
