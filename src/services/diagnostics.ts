/**
 * The diagnostic bundle an agent downloads for support (issue 20): what the console saw of its link,
 * the server messages it had to drop, versions, browser, devices and network. Pure: the caller hands
 * in what the stores hold; nothing here reads the page. Built to be safe to send: no token, password,
 * device id or customer data, and every free text redacted and bounded.
 */

/** The bundle's format; support's tools read `format` first. */
export const DIAGNOSTICS_FORMAT = 'agent-console-diagnostics/1'

/** The longest free text kept (a disconnection reason, a protocol error's field). */
const MAX_TEXT = 200

/** One entry of the disconnection log (SPEC §3). */
export interface DiagnosticDisconnection {
  /** ms since the epoch. */
  at: number
  reason: string
}

/** A server message the console dropped (issue 19). */
export interface DiagnosticProtocolError {
  at: number
  event: string
  kind: string
  field: string
  reason: string
}

/** One network reading of the console. */
export interface DiagnosticNetworkSample {
  at: number
  level: string
  online: boolean
  rttMs: number | null
  downlinkMbps: number | null
  effectiveType: string | null
}

/** A media device as `enumerateDevices()` gives it; only its kind and whether it has a label are kept. */
export interface DeviceEntry {
  kind: string
  label: string
}

/** The User-Agent Client Hints the browser gives without asking (`navigator.userAgentData`). */
export interface ClientHints {
  brands?: readonly { brand: string; version: string }[]
  mobile?: boolean
  platform?: string
}

/** What the bundle is made from. */
export interface DiagnosticsInput {
  /** When it is made (console clock, ms since the epoch). */
  now: number
  consoleVersion: string
  /** What the server's `/version.txt` says, or null when it did not answer. */
  serverVersion: string | null
  userAgent: string
  clientHints: ClientHints | undefined
  language: string
  timeZone: string
  online: boolean
  /** The realtime link's state (online, reconnecting…) and its last code. */
  link: { state: string; attempt: number; code: string | null }
  /** The agent's id (from the token's claims), never a name or an email. */
  agentId: string | null
  devices: readonly DeviceEntry[] | null
  disconnections: readonly DiagnosticDisconnection[]
  protocolErrors: readonly DiagnosticProtocolError[]
  networkSamples: readonly DiagnosticNetworkSample[]
}

/** Per kind of media device: how many, and how many the browser named (labels need a permission). */
export type DeviceSummary = Record<string, { count: number; labelled: number }>

/** The downloaded file's content. */
export interface DiagnosticBundle {
  format: typeof DIAGNOSTICS_FORMAT
  generatedAt: string
  versions: { console: string; server: string | null }
  browser: {
    userAgent: string
    brands: { brand: string; version: string }[]
    mobile: boolean | null
    platform: string | null
    language: string
    timeZone: string
    online: boolean
  }
  link: { state: string; attempt: number; code: string | null }
  agentId: string | null
  devices: DeviceSummary | null
  disconnections: { at: string; reason: string }[]
  protocolErrors: { at: string; event: string; kind: string; field: string; reason: string }[]
  networkSamples: {
    at: string
    level: string
    online: boolean
    rttMs: number | null
    downlinkMbps: number | null
    effectiveType: string | null
  }[]
}

// What a secret or a customer's personal data looks like inside free text.
const REDACTIONS: readonly [RegExp, string][] = [
  // A JSON web token (access, refresh, signalling, guest).
  [/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[token]'],
  [/\bbearer\s+\S+/gi, 'Bearer [token]'],
  [/[^\s"'<>@]+@[^\s"'<>@]+\.[a-z]{2,}/gi, '[email]'],
  // password=…, token: … in a message.
  [/\b(pass(word)?|pwd|secret|token|pin)(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|\S+)/gi, '$1$3[redacted]'],
  // A long run of letters and digits: an id, a key or a hash nobody at support needs.
  [/[A-Za-z0-9+/_-]{32,}={0,2}/g, '[redacted]'],
  // Digits of a phone number (8 or more, with spaces, dashes or brackets; not a dotted version).
  [/\+?\d[\d\s()-]{6,}\d/g, '[number]'],
]

// C0/C1 controls (NUL included) and bidi overrides: nothing a reader of the file should be tricked by.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * Free text as the bundle keeps it: no secret, no email or phone number, no control or bidi
 * character, at most 200 characters.
 *
 * @example
 * redactText('auth failed for ana@demo.test') // 'auth failed for [email]'
 */
export function redactText(text: unknown): string {
  let clean = String(text ?? '').replace(UNPRINTABLE, ' ')
  for (const [pattern, replacement] of REDACTIONS) clean = clean.replace(pattern, replacement)
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean
}

function isoTime(ms: unknown): string {
  const date = new Date(typeof ms === 'number' ? ms : Number.NaN)
  return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString()
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** Counts devices by kind; a device's id and label never leave the browser. */
export function summarizeDevices(devices: readonly DeviceEntry[]): DeviceSummary {
  const summary: DeviceSummary = Object.create(null) as DeviceSummary
  for (const { kind, label } of devices) {
    // Only the kinds the browser defines: a hostile kind is not a key of the summary.
    if (kind !== 'audioinput' && kind !== 'audiooutput' && kind !== 'videoinput') continue
    const entry = (summary[kind] ??= { count: 0, labelled: 0 })
    entry.count += 1
    if (label) entry.labelled += 1
  }
  return { ...summary }
}

/**
 * Makes the bundle: every list bounded and in time order, every free text redacted.
 *
 * @example
 * const bundle = assembleDiagnostics({ now: Date.now(), consoleVersion: '1.2.0', … })
 */
export function assembleDiagnostics(input: DiagnosticsInput): DiagnosticBundle {
  const hints = input.clientHints
  return {
    format: DIAGNOSTICS_FORMAT,
    generatedAt: isoTime(input.now),
    versions: {
      console: redactText(input.consoleVersion),
      server: input.serverVersion === null ? null : redactText(input.serverVersion),
    },
    browser: {
      userAgent: redactText(input.userAgent),
      brands: (Array.isArray(hints?.brands) ? hints.brands : []).map(({ brand, version }) => ({
        brand: redactText(brand),
        version: redactText(version),
      })),
      mobile: typeof hints?.mobile === 'boolean' ? hints.mobile : null,
      platform: typeof hints?.platform === 'string' ? redactText(hints.platform) : null,
      language: redactText(input.language),
      timeZone: redactText(input.timeZone),
      online: input.online,
    },
    link: {
      state: redactText(input.link.state),
      attempt: finiteOrNull(input.link.attempt) ?? 0,
      code: input.link.code === null ? null : redactText(input.link.code),
    },
    agentId: input.agentId === null ? null : redactText(input.agentId),
    devices: input.devices === null ? null : summarizeDevices(input.devices),
    disconnections: input.disconnections.map(({ at, reason }) => ({
      at: isoTime(at),
      reason: redactText(reason),
    })),
    protocolErrors: input.protocolErrors.map((error) => ({
      at: isoTime(error.at),
      event: redactText(error.event),
      kind: redactText(error.kind),
      field: redactText(error.field),
      reason: redactText(error.reason),
    })),
    networkSamples: input.networkSamples.map((sample) => ({
      at: isoTime(sample.at),
      level: redactText(sample.level),
      online: sample.online === true,
      rttMs: finiteOrNull(sample.rttMs),
      downlinkMbps: finiteOrNull(sample.downlinkMbps),
      effectiveType: sample.effectiveType === null ? null : redactText(sample.effectiveType),
    })),
  }
}

/**
 * The file's name: the console's name and the time, safe on every file system.
 *
 * @example
 * diagnosticsFileName(0) // 'agent-console-diagnostics-1970-01-01T00-00-00Z.json'
 */
export function diagnosticsFileName(now: number): string {
  const stamp = isoTime(now)
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')
  return `agent-console-diagnostics-${stamp}.json`
}
