/**
 * The device app simulator of the customer page: it plays the app that runs beside the customer (a
 * document scanner, an NFC reader, a fingerprint reader) and that the agent drives from the console
 * over `apps:message`. It answers start, restart and stop, reports its devices, writes log lines, and
 * runs a document scan and a fingerprint scan through stages 1 → 2 → 3 (or fails one with 0) when the
 * person at the page asks.
 */
import type {
  AppAction,
  AppCommand,
  AppDevice,
  AppLogLevel,
  AppReport,
  AppScan,
  DeviceState,
} from '../../src/protocol'
import { request, type CustomerSocket } from './connection'
import { documentScan, failedScan, fingerprintScan, type ScanStep } from './device-app-scans'
import { t } from './i18n'
import { serverErrorText } from './server-messages'
import { byId } from './view'

/** What tests read of the simulator. */
export interface DeviceAppState {
  /** The app's name in `apps:message`. */
  name: string
  running: boolean
  /** Commands received, in order (`start`, `stop`…). */
  commands: AppAction[]
  /** Reports sent and relayed (`answer`, `devices`, `stage:document:3`…). */
  sent: string[]
}

/** Pause between two stages of a scan, so a person sees them go by. */
const STAGE_STEP_MS = 700

const DEVICES: AppDevice[] = ['barcode', 'nfc', 'fingerprint']

/**
 * Shows the device app panel and plays the app in this call. Returns the stop (listeners and timers).
 *
 * @example
 * const stop = startDeviceApp(socket, { name: 'onboarding', label: 'Onboarding kit' }, 'Paula', state)
 */
export function startDeviceApp(
  socket: CustomerSocket,
  app: { name: string; label: string },
  customerName: string,
  state: DeviceAppState,
): () => void {
  state.name = app.name
  const panel = byId('device-app')
  panel.hidden = false
  byId('device-app-name').textContent = app.label || app.name
  const answers = byId<HTMLInputElement>('device-app-answers')
  const deviceBoxes = byId<HTMLFieldSetElement>('device-app-devices')
  const scanTimers: Record<AppScan, number[]> = { document: [], fingerprint: [] }

  const note = (text: string) => {
    const line = document.createElement('li')
    line.textContent = t('customerPage.app.logLine', { at: new Date(), text })
    byId('device-app-log').prepend(line)
  }

  const send = async (report: AppReport, label: string) => {
    const reply = await request(socket, 'apps:message', report)
    if (reply.ok) state.sent.push(label)
    else note(t('customerPage.app.notRelayed', { report: label, problem: serverErrorText(reply.error) }))
  }
  const log = (level: AppLogLevel, text: string) =>
    send(
      { appEvent: 'log', name: app.name, data: { level, text, at: new Date().toISOString() } },
      `log:${level}`,
    )
  const deviceStates = (): Partial<Record<AppDevice, DeviceState>> =>
    Object.fromEntries(
      DEVICES.map((device) => {
        const box = deviceBoxes.querySelector<HTMLInputElement>(`[data-device="${device}"]`)
        return [device, state.running && box?.checked ? 'active' : 'disabled']
      }),
    )
  const reportDevices = () => send({ appEvent: 'devices', name: app.name, data: deviceStates() }, 'devices')

  const cancelScan = (scan: AppScan) => {
    for (const timer of scanTimers[scan]) clearTimeout(timer)
    scanTimers[scan] = []
  }

  const showRunning = () => {
    byId('device-app-process').textContent = t(
      state.running ? 'customerPage.app.running' : 'customerPage.app.stopped',
    )
    deviceBoxes.disabled = !state.running
    for (const id of ['scan-document', 'scan-fingerprint', 'fail-document', 'fail-fingerprint'])
      byId<HTMLButtonElement>(id).disabled = !state.running
  }

  const onCommand = async (command: AppCommand) => {
    if (command.name !== app.name) return
    state.commands.push(command.appEvent)
    if (!answers.checked) return note(t('customerPage.app.ignored', { action: command.appEvent }))
    note(t('customerPage.app.asked', { action: command.appEvent }))
    const wasRunning = state.running
    state.running = command.appEvent !== 'stop'
    if (!state.running) (['document', 'fingerprint'] as const).forEach(cancelScan)
    showRunning()
    await send(
      {
        appEvent: 'answer',
        name: app.name,
        data: {
          requestId: command.data.requestId,
          action: command.appEvent,
          ok: true,
          state: state.running ? 'running' : 'stopped',
        },
      },
      'answer',
    )
    if (command.appEvent === 'restart' && wasRunning) {
      await send(
        {
          appEvent: 'devices',
          name: app.name,
          data: { barcode: 'disabled', nfc: 'disabled', fingerprint: 'disabled' },
        },
        'devices',
      )
      await log('warn', 'Process restarted: devices re-initialised')
    } else
      await log(
        'info',
        command.appEvent === 'stop'
          ? 'Process stopped'
          : wasRunning
            ? 'Process already running'
            : 'Process started',
      )
    await reportDevices()
  }

  /** Sends a scan step: its stage report, then its log line. */
  const play = async ({ report, log: line }: ScanStep) => {
    await send(report, `stage:${report.data.scan}:${report.data.status}`)
    if (line) await log(line.level, line.text)
  }
  /** Plays a scan's steps one after the other (the first at once), replacing a scan still running. */
  const runScan = (scan: AppScan, steps: ScanStep[]) => {
    cancelScan(scan)
    steps.forEach((step, index) => {
      scanTimers[scan].push(window.setTimeout(() => void play(step), index * STAGE_STEP_MS))
    })
  }
  const failScan = (scan: AppScan) => {
    cancelScan(scan)
    void play(failedScan(app.name, scan))
  }

  const listeners: [string, EventListener][] = []
  const on = (id: string, listener: () => void) => {
    byId(id).addEventListener('click', listener)
    listeners.push([id, listener])
  }
  on('scan-document', () => runScan('document', documentScan(app.name, customerName)))
  on('scan-fingerprint', () => runScan('fingerprint', fingerprintScan(app.name)))
  on('fail-document', () => failScan('document'))
  on('fail-fingerprint', () => failScan('fingerprint'))
  const onDeviceChange = () => void reportDevices()
  deviceBoxes.addEventListener('change', onDeviceChange)
  const onMessage = (command: AppCommand) => void onCommand(command)
  socket.on('apps:message', onMessage)
  showRunning()
  note(t('customerPage.app.ready'))

  return () => {
    socket.off('apps:message', onMessage)
    deviceBoxes.removeEventListener('change', onDeviceChange)
    for (const [id, listener] of listeners) byId(id).removeEventListener('click', listener)
    ;(['document', 'fingerprint'] as const).forEach(cancelScan)
    state.running = false
    panel.hidden = true
  }
}
