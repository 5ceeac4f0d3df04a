import Bowser from 'bowser'

/** The longest User-Agent kept for a session, in characters: real browsers send under 300. */
export const SESSION_DEVICE_MAX_CHARS = 512

// C0 and C1 controls, DEL, and the characters that reorder or hide text (bidi marks, embeddings,
// overrides and isolates, zero-width joiners, the BOM): a device name shown to the agent must read as sent.
const UNSAFE = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu

/**
 * Node reads header bytes as Latin-1: a browser's UTF-8 name would come back as mojibake, and a bidi
 * override sent as UTF-8 would hide in it. The bytes are read as UTF-8 (a byte that is not becomes U+FFFD).
 */
function decodedHeader(value: string): string {
  if (!/[\u0080-\u00ff]/u.test(value) || /[\u0100-\u{10ffff}]/u.test(value)) return value
  return new TextDecoder('utf-8').decode(Buffer.from(value, 'latin1'))
}

/**
 * The device of a new session as it is stored: the User-Agent header without control or bidi characters,
 * spaces collapsed, cut to `SESSION_DEVICE_MAX_CHARS` characters (never inside a surrogate pair); null when
 * nothing is left.
 *
 * @example
 * sessionDevice('Mozilla/5.0\u0000\u202e (X11)') // 'Mozilla/5.0 (X11)'
 */
export function sessionDevice(userAgent: string | string[] | undefined): string | null {
  if (typeof userAgent !== 'string') return null
  const cleaned = decodedHeader(userAgent).replace(/\s+/gu, ' ').replace(UNSAFE, '').trim()
  const bounded = Array.from(cleaned).slice(0, SESSION_DEVICE_MAX_CHARS).join('').trim()
  return bounded === '' ? null : bounded
}

/** A stored device in words: browser and system with their versions, as Bowser names them. */
export interface DeviceWords {
  /** Browser name and major version ("Chrome 120"); null when unknown. */
  browser: string | null
  /** System name and version ("Windows 10", "macOS 14.2"); null when unknown. */
  os: string | null
}

/**
 * What Bowser reads of a stored device: browser and system, each null when it does not know them.
 *
 * @example
 * deviceWords('Mozilla/5.0 (Windows NT 10.0; Win64; x64) ... Chrome/120.0.0.0 Safari/537.36')
 * // { browser: 'Chrome 120', os: 'Windows 10' }
 */
export function deviceWords(device: string | null): DeviceWords {
  if (!device) return { browser: null, os: null }
  const { browser, os } = Bowser.parse(device)
  const major = browser.version?.split('.')[0]
  const osVersion = os.versionName ?? os.version
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
  }
}
