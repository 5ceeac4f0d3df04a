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
  DocumentField,
} from '../../src/protocol'
import { request, type CustomerSocket } from './connection'
import { documentPicture, fingerprintPicture } from './device-app-images'
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

function randomDigits(count: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(count)), (byte) => String(byte % 10)).join('')
}

/** Upper-case ASCII letters for the machine-readable zone, `<` for anything else. */
function mrzText(text: string, length: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '<')
  return ascii.padEnd(length, '<').slice(0, length)
}

/** The fields of the demo identity card, from the name the customer gave. */
function documentFields(customerName: string, number: string): DocumentField[] {
  const words = customerName.trim().split(/\s+/).filter(Boolean)
  const surname = words.length > 1 ? words.slice(-1).join(' ') : (words[0] ?? 'Doe')
  const given = words.length > 1 ? words.slice(0, -1).join(' ') : 'Alex'
  return [
    { label: 'Document type', value: 'Identity card' },
    { label: 'Document number', value: number },
    { label: 'Surname', value: surname },
    { label: 'Given names', value: given },
    { label: 'Date of birth', value: '1988-04-12' },
    { label: 'Nationality', value: 'DRP' },
    { label: 'Expiry date', value: '2031-09-30' },
  ]
}

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
    line.textContent = `${new Date().toLocaleTimeString()} ${text}`
    byId('device-app-log').prepend(line)
  }

  const send = async (report: AppReport, label: string) => {
    const reply = await request(socket, 'apps:message', report)
    if (reply.ok) state.sent.push(label)
    else note(`Not relayed (${label}): ${reply.error.message}`)
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
    byId('device-app-process').textContent = state.running ? 'running' : 'stopped'
    deviceBoxes.disabled = !state.running
    for (const id of ['scan-document', 'scan-fingerprint', 'fail-document', 'fail-fingerprint'])
      byId<HTMLButtonElement>(id).disabled = !state.running
  }

  const onCommand = async (command: AppCommand) => {
    if (command.name !== app.name) return
    state.commands.push(command.appEvent)
    if (!answers.checked) return note(`Ignored “${command.appEvent}” (answers are off)`)
    note(`The agent asked to ${command.appEvent}`)
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

  /** Plays a scan's stages one after the other (the first at once). */
  const runStages = (scan: AppScan, stages: (() => Promise<void>)[]) => {
    cancelScan(scan)
    stages.forEach((stage, index) => {
      scanTimers[scan].push(window.setTimeout(() => void stage(), index * STAGE_STEP_MS))
    })
  }

  const scanDocument = () => {
    const number = `DR${randomDigits(7)}`
    const fields = documentFields(customerName, number)
    const surname = fields[2]?.value ?? ''
    const given = fields[3]?.value ?? ''
    const image = documentPicture(fields, [
      mrzText(`IDDRP${number}`, 30),
      mrzText(`${surname}  ${given}`.replace(/\s/g, '<'), 30),
    ])
    runStages('document', [
      async () => {
        await send(
          { appEvent: 'stage', name: app.name, data: { scan: 'document', status: 1 } },
          'stage:document:1',
        )
        await log('info', 'Document placed on the scanner')
      },
      async () => {
        await send(
          {
            appEvent: 'stage',
            name: app.name,
            data: { scan: 'document', status: 2, result: { fields: fields.slice(0, 2) } },
          },
          'stage:document:2',
        )
        await log('info', 'Reading the document chip over NFC')
      },
      async () => {
        await send(
          {
            appEvent: 'stage',
            name: app.name,
            data: { scan: 'document', status: 3, result: { fields, image } },
          },
          'stage:document:3',
        )
        await log('info', `Document ${number} read`)
      },
    ])
  }

  const scanFingerprint = () => {
    const quality = 70 + ((crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) % 29)
    const image = fingerprintPicture(quality)
    runStages('fingerprint', [
      async () => {
        await send(
          { appEvent: 'stage', name: app.name, data: { scan: 'fingerprint', status: 1 } },
          'stage:fingerprint:1',
        )
        await log('info', 'Waiting for a finger on the reader')
      },
      async () => {
        await send(
          {
            appEvent: 'stage',
            name: app.name,
            data: { scan: 'fingerprint', status: 2, result: { quality: Math.max(0, quality - 30) } },
          },
          'stage:fingerprint:2',
        )
      },
      async () => {
        await send(
          {
            appEvent: 'stage',
            name: app.name,
            data: { scan: 'fingerprint', status: 3, result: { quality, image } },
          },
          'stage:fingerprint:3',
        )
        await log('info', `Fingerprint captured, quality ${quality}`)
      },
    ])
  }

  const failScan = async (scan: AppScan) => {
    cancelScan(scan)
    await send({ appEvent: 'stage', name: app.name, data: { scan, status: 0 } }, `stage:${scan}:0`)
    await log(
      'error',
      scan === 'document' ? 'Document removed before the scan ended' : 'Finger moved: no usable print',
    )
  }

  const listeners: [string, EventListener][] = []
  const on = (id: string, listener: () => void) => {
    byId(id).addEventListener('click', listener)
    listeners.push([id, listener])
  }
  on('scan-document', scanDocument)
  on('scan-fingerprint', scanFingerprint)
  on('fail-document', () => void failScan('document'))
  on('fail-fingerprint', () => void failScan('fingerprint'))
  const onDeviceChange = () => void reportDevices()
  deviceBoxes.addEventListener('change', onDeviceChange)
  const onMessage = (command: AppCommand) => void onCommand(command)
  socket.on('apps:message', onMessage)
  showRunning()
  note('Ready: waiting for the agent')

  return () => {
    socket.off('apps:message', onMessage)
    deviceBoxes.removeEventListener('change', onDeviceChange)
    for (const [id, listener] of listeners) byId(id).removeEventListener('click', listener)
    ;(['document', 'fingerprint'] as const).forEach(cancelScan)
    state.running = false
    panel.hidden = true
  }
}
