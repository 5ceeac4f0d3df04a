import { atom, computed } from 'nanostores'
import {
  APP_DEVICES,
  clientEventReplySchemas,
  type AppAction,
  type AppDevice,
  type AppProcessState,
  type AppReport,
  type AppSettings,
  type DeviceState,
} from '../../protocol'
import { APP_ACTION_TIMEOUT_MS } from '../../constants'
import { clock, type TimerId } from '../../services/clock'
import { SocketRequestError } from '../../services/socket'
import { realtime } from '../session/connection'
import { $consoleSettings } from '../profile/settings'
import { onCallCleanup } from './call-scope'
import { randomHex } from '../../services/random-hex'
import {
  NO_SCANS,
  addLogEntry,
  applyStage,
  type AppLogEntry,
  type AppLogEvent,
  type ScanPanels,
} from './app-panels'

/**
 * The custom-apps view of a call (SPEC §2 "Apps panel"): the app beside the customer, driven with
 * start, restart and stop, reporting its devices, its log and its scans over `apps:message`.
 */

/** The app the call panel drives: the first of `settings.apps` (SPEC §2), or null when there is none. */
export const $currentApp = computed(
  $consoleSettings,
  (settings): AppSettings | null => settings?.apps[0] ?? null,
)

/** Why an action has no good answer: no answer in time, the app said no, or it never left the console. */
export type AppActionProblem =
  | { action: AppAction; requestId: string; kind: 'timeout' }
  | { action: AppAction; requestId: string; kind: 'failed'; detail: string }
  | { action: AppAction; requestId: string; kind: 'unsent'; reason: UnsentReason }

/** Why the server did not relay an action. */
export type UnsentReason = 'disabled' | 'unknownApp' | 'noCall' | 'offline' | 'other'

/** The Actions menu's state. */
export interface AppActionsState {
  /** The action waiting for the app's answer (one at a time). */
  pending: { action: AppAction; requestId: string } | null
  /** The app's process as it last told it; unknown until it says. */
  process: AppProcessState | 'unknown'
  /** The last action's failure, shown until the next action. */
  problem: AppActionProblem | null
}

const IDLE: AppActionsState = { pending: null, process: 'unknown', problem: null }
const ALL_DISABLED = Object.fromEntries(APP_DEVICES.map((device) => [device, 'disabled'])) as Record<
  AppDevice,
  DeviceState
>

/** The Actions menu: pending action, process state, last problem. */
export const $appActions = atom<AppActionsState>(IDLE)
/** Each device, active or disabled (disabled until the app says otherwise). */
export const $appDevices = atom<Record<AppDevice, DeviceState>>(ALL_DISABLED)
/** What the app said, newest first, at most 500 lines. */
export const $appLog = atom<AppLogEntry[]>([])
/** The document and fingerprint scan panels. */
export const $appScans = atom<ScanPanels>(NO_SCANS)

let timer: TimerId | undefined
let nextLogId = 1

function requestId(): string {
  return randomHex(12)
}

function unsentReason(error: unknown): UnsentReason {
  if (!(error instanceof SocketRequestError)) return 'other'
  if (error.code === 403) return 'disabled'
  if (error.code === 404) return 'unknownApp'
  if (error.code === 409) return 'noCall'
  if (error.code === 408 || error.code === 503) return 'offline'
  return 'other'
}

/** Ends the wait for `id` (answered, refused or timed out); false when something else is pending now. */
function settle(id: string, problem: AppActionProblem | null): boolean {
  const state = $appActions.get()
  if (state.pending?.requestId !== id) return false
  clock.clearTimeout(timer)
  timer = undefined
  $appActions.set({ ...state, pending: null, problem })
  return true
}

/**
 * Sends start, restart or stop to the app and waits for its answer: the action is pending until the
 * app answers, and after 10 s without an answer the view says so. Returns false when there is no app
 * or another action is still pending.
 *
 * @example
 * sendAppAction('start')
 */
export function sendAppAction(action: AppAction): boolean {
  const app = $currentApp.get()
  if (!app || $appActions.get().pending) return false
  const id = requestId()
  $appActions.set({ ...$appActions.get(), pending: { action, requestId: id }, problem: null })
  timer = clock.setTimeout(
    () => settle(id, { action, requestId: id, kind: 'timeout' }),
    APP_ACTION_TIMEOUT_MS,
  )
  const command = { appEvent: action, name: app.name, data: { requestId: id }, options: {} }
  realtime()
    .request('apps:message', command, clientEventReplySchemas['apps:message'])
    .catch((error: unknown) => {
      console.warn('[agent-console] the app action was not relayed', action, error)
      settle(id, { action, requestId: id, kind: 'unsent', reason: unsentReason(error) })
    })
  return true
}

function log(level: AppLogEntry['level'], event: AppLogEvent, at = clock.date().toISOString()): void {
  $appLog.set(addLogEntry($appLog.get(), { id: nextLogId++, at, level, event }))
}

function receiveAnswer({ data }: Extract<AppReport, { appEvent: 'answer' }>): void {
  const problem: AppActionProblem | null = data.ok
    ? null
    : { action: data.action, requestId: data.requestId, kind: 'failed', detail: data.error ?? '' }
  if (!settle(data.requestId, problem)) {
    // A late answer (after the timeout) still tells how things went: it replaces its own timeout notice.
    const current = $appActions.get().problem
    if (current?.requestId === data.requestId) $appActions.set({ ...$appActions.get(), problem })
  }
  $appActions.set({ ...$appActions.get(), process: data.state })
  log(data.ok ? 'info' : 'error', { type: 'answer', action: data.action, ok: data.ok, error: data.error })
}

/**
 * Takes a report of the app (`apps:message`, already validated by the socket): an answer settles its
 * action, devices change state, a log line is kept, a stage moves its scan panel. Every report is a
 * line of the log. A report of an app other than the current one is dropped and logged.
 *
 * @example
 * realtime().on('apps:message', receiveAppReport)
 */
export function receiveAppReport(report: AppReport): void {
  const app = $currentApp.get()
  if (!app || report.name !== app.name) {
    console.warn('[agent-console] dropped a message of an app this console does not drive', report.name)
    return
  }
  switch (report.appEvent) {
    case 'answer':
      return receiveAnswer(report)
    case 'devices': {
      const changes = Object.fromEntries(
        APP_DEVICES.flatMap((device) => (report.data[device] ? [[device, report.data[device]]] : [])),
      ) as Partial<Record<AppDevice, DeviceState>>
      $appDevices.set({ ...$appDevices.get(), ...changes })
      return log('info', { type: 'devices', devices: changes })
    }
    case 'log':
      return log(report.data.level, { type: 'text', text: report.data.text }, report.data.at)
    case 'stage': {
      const scans = $appScans.get()
      const { data } = report
      $appScans.set(
        data.scan === 'document'
          ? { ...scans, document: applyStage(scans.document, data.status, data.result) }
          : { ...scans, fingerprint: applyStage(scans.fingerprint, data.status, data.result) },
      )
      return log(data.status === 0 ? 'error' : 'info', {
        type: 'stage',
        scan: data.scan,
        status: data.status,
      })
    }
  }
}

/** Forgets the app's state (the call ended): nothing pending, devices disabled, log and scans empty. */
export function resetCustomApps(): void {
  clock.clearTimeout(timer)
  timer = undefined
  $appActions.set(IDLE)
  $appDevices.set(ALL_DISABLED)
  $appLog.set([])
  $appScans.set(NO_SCANS)
}

onCallCleanup(resetCustomApps)
