/**
 * The rules of the apps view's panels, as pure functions (the custom-apps store applies them): the
 * stage rule of SPEC §4, the bounded newest-first log, and what a stage status means.
 */
import { APP_LOG_MAX } from '../../constants'
import type {
  AppAction,
  AppDevice,
  AppLogLevel,
  AppScan,
  DeviceState,
  DocumentResult,
  FingerprintResult,
  StageStatus,
} from '../../protocol'

/** A scan's result panel: 'stage not started' while `status` is null. */
export interface ScanPanel<R> {
  status: StageStatus | null
  result: R | null
}

/** Both result panels. */
export interface ScanPanels {
  document: ScanPanel<DocumentResult>
  fingerprint: ScanPanel<FingerprintResult>
}

/** Neither scan has started. */
export const NO_SCANS: ScanPanels = {
  document: { status: null, result: null },
  fingerprint: { status: null, result: null },
}

/**
 * A panel after a stage report (SPEC §4): a status below 2 clears the results; 2 or 3 shows the
 * result that came with it, or keeps the one already shown.
 *
 * @example
 * applyStage({ status: 3, result }, 0) // { status: 0, result: null }
 */
export function applyStage<R>(panel: ScanPanel<R>, status: StageStatus, result: R | undefined): ScanPanel<R> {
  if (status < 2) return { status, result: null }
  return { status, result: result ?? panel.result }
}

/** How a stage status reads and looks (SPEC §4: 0 red, 1 gray, 2 blue, 3 green). */
export const STAGE_LOOKS = {
  0: { tone: 'red', label: 'failed' },
  1: { tone: 'gray', label: 'started' },
  2: { tone: 'blue', label: 'inProgress' },
  3: { tone: 'green', label: 'done' },
} as const satisfies Record<StageStatus, { tone: string; label: string }>

/** What a log line says: the app's own text, or a report of the app that the view words. */
export type AppLogEvent =
  | { type: 'text'; text: string }
  | { type: 'answer'; action: AppAction; ok: boolean; error: string | undefined }
  | { type: 'devices'; devices: Partial<Record<AppDevice, DeviceState>> }
  | { type: 'stage'; scan: AppScan; status: StageStatus }

/** One line of the apps log. */
export interface AppLogEntry {
  /** Unique within the call (React's key). */
  id: number
  /** When it happened: the app's time for its own lines, arrival for its reports (ISO 8601). */
  at: string
  level: AppLogLevel
  event: AppLogEvent
}

/**
 * The log with a new line on top, the oldest dropped beyond the bound (500).
 *
 * @example
 * log = addLogEntry(log, entry)
 */
export function addLogEntry(log: readonly AppLogEntry[], entry: AppLogEntry): AppLogEntry[] {
  return [entry, ...log.slice(0, APP_LOG_MAX - 1)]
}
