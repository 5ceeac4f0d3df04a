import { atom } from 'nanostores'
import type { io } from 'socket.io-client'
import { RecordingActionResultSchema, type RecordingAction, type RecordingsSettings } from '../../protocol'
import { RECORDING_STOP_WAIT_MS, SOCKET_TIMEOUT_MS } from '../../constants'
import { clock } from '../../services/clock'
import { downloadFile } from '../../services/file-download'
import type { RecordingUploadState } from '../../services/recording-upload'
import { realtime } from '../session/connection'
import { $config } from '../app/config'
import { notify } from '../app/toasts'
import { $call, type ActiveCall } from './call-state'
import { $localMedia, $participants } from './call-media'
import { onCallCleanup } from './call-scope'
import type { RecordingSession, RecordingOutcome } from './recording-session'

/** Where a recording of the call stands. */
export type RecordingPhase = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping'

/** The recording of the active call. */
export interface RecordingState {
  phase: RecordingPhase
  /** Cloud (streamed to the server) or local (downloaded at the end). */
  type: RecordingsSettings['type'] | null
  /** The server's recording id. */
  recordingId: string | null
  /** Started by itself (`automaticRecord`): the agent sees it but does not control it. */
  automatic: boolean
  /** Recorded time before the current run, in ms (pauses are not counted). */
  elapsedBefore: number
  /** `clock.now()` when the current run started; null while not running. */
  runningSince: number | null
  /** Bytes of media so far. */
  bytes: number
  /** The cloud upload's link. */
  upload: RecordingUploadState | null
}

const IDLE: RecordingState = {
  phase: 'idle',
  type: null,
  recordingId: null,
  automatic: false,
  elapsedBefore: 0,
  runningSince: null,
  bytes: 0,
  upload: null,
}

/** The recording of the active call (SPEC §4 "Recording"). */
export const $recording = atom<RecordingState>(IDLE)

let session: RecordingSession | null = null
let stopping: Promise<void> | null = null
let ioFactory: typeof io | undefined
// Each recording gets a number: callbacks of an earlier one are ignored.
let generation = 0

/** Recorded time so far, in ms (pauses left out). */
export function recordedMs(state: RecordingState, now = clock.now()): number {
  return state.elapsedBefore + (state.runningSince === null ? 0 : now - state.runningSince)
}

const patch = (next: Partial<RecordingState>) => $recording.set({ ...$recording.get(), ...next })

/** The call's two sides as the recording takes them. */
function sources() {
  const participants = $participants.get()
  const customer = participants.find((p) => p.role === 'customer') ?? participants[0] ?? null
  return { customer: customer?.stream ?? null, agent: $localMedia.get().stream }
}

/** Tells the customer's page whether it is being recorded (SPEC §7 `exchange:customer`). */
function tellCustomer(recording: boolean): void {
  realtime().emit('exchange:customer', { event: 'recording:status', data: recording })
}

function action(payload: RecordingAction) {
  return realtime().request('recording', payload, RecordingActionResultSchema)
}

/** Which storage quota stopped the recording, from the server's machine reason; null for other refusals. */
function quotaMessage(why: string | undefined) {
  if (why === 'account-recordings-quota') return 'call.recording.accountQuota' as const
  if (why === 'recording-quota') return 'call.recording.maxBytes' as const
  return null
}

/**
 * Tells the agent a recording failed: which quota when the server refused the bytes for one (`why`, its
 * machine reason), 'Recording not found' (404) with its hint, else the reason.
 */
function notifyFailure(reason: string, code: number | null | undefined, why?: string): void {
  const quota = quotaMessage(why)
  if (quota) notify({ variant: 'danger', messageId: quota, key: 'recording' })
  else if (code === 404) notify({ variant: 'danger', messageId: 'call.recording.notFound', key: 'recording' })
  else notify({ variant: 'danger', messageId: 'call.recording.error', values: { reason }, key: 'recording' })
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
const codeOf = (error: unknown) => (error as { code?: unknown }).code as number | undefined
// The machine reason of a refused request (`SocketRequestError.reason`).
const whyOf = (error: unknown) => {
  const why = (error as { reason?: unknown } | null)?.reason
  return typeof why === 'string' ? why : undefined
}

/** A failure of the recording: the agent is told, the recording ends, the call goes on. */
function recordingFailed(reason: string, code: number | null, why?: string): void {
  const { phase } = $recording.get()
  if (phase === 'idle') return
  // A start still on its way sees this and gives up.
  generation++
  notifyFailure(reason, code, why)
  const failed = session
  session = null
  failed?.abandon()
  if (phase === 'recording') tellCustomer(false)
  void action({ action: 'stop' }).catch(() => undefined)
  $recording.set(IDLE)
}

/**
 * Starts recording the active call with its `recordingsSettings` (SPEC §4): the server opens the
 * recording (`recording {action: 'start'}`), the call is composed and recorded, the customer is told.
 * A failure is a notice ('call.recording.error' with the reason); the call is never affected.
 *
 * @example
 * await startRecording()
 */
export async function startRecording({ automatic = false }: { automatic?: boolean } = {}): Promise<void> {
  const call = $call.get()
  if (!call || !call.recordingsSettings.enabled || $recording.get().phase !== 'idle') return
  const settings = call.recordingsSettings
  const mine = ++generation
  $recording.set({ ...IDLE, phase: 'starting', type: settings.type, automatic })
  let recordingId: string
  try {
    recordingId = (await action({ action: 'start', type: settings.type })).recordingId
  } catch (error) {
    if (mine !== generation) return
    $recording.set(IDLE)
    notifyFailure(reasonOf(error), codeOf(error), whyOf(error))
    return
  }
  try {
    // The recorder, its composition and its upload load with the first recording, not with the console.
    const { RecordingSession } = await import('./recording-session')
    const started = await RecordingSession.start({
      sources: sources(),
      settings,
      recordingId,
      recordingToken: call.recordingToken,
      transport: { socketUrl: $config.get().socketUrl, ...(ioFactory ? { ioFactory } : {}) },
      events: {
        onBytes: (bytes) => mine === generation && bytesRecorded(bytes, settings.maxBytes),
        onUpload: (upload) => mine === generation && $recording.get().phase !== 'idle' && patch({ upload }),
        onFailure: (reason, code, why) => mine === generation && recordingFailed(reason, code, why),
      },
    })
    if (mine !== generation || $call.get()?.id !== call.id) return started.abandon()
    session = started
  } catch (error) {
    if (mine !== generation) return
    notifyFailure(reasonOf(error), null)
    // The server opened a recording that will hold nothing: it is closed again.
    void action({ action: 'stop' }).catch(() => undefined)
    $recording.set(IDLE)
    return
  }
  patch({ phase: 'recording', recordingId, runningSince: clock.now() })
  tellCustomer(true)
}

function bytesRecorded(bytes: number, maxBytes: number): void {
  patch({ bytes })
  const state = $recording.get()
  if (maxBytes > 0 && bytes >= maxBytes && (state.phase === 'recording' || state.phase === 'paused')) {
    notify({ variant: 'warning', messageId: 'call.recording.maxBytes', key: 'recording-limit' })
    void stopRecording()
  }
}

/** Pauses the recording; the customer is told it is not being recorded. */
export function pauseRecording(): void {
  const state = $recording.get()
  if (state.phase !== 'recording' || !session) return
  session.pause()
  patch({ phase: 'paused', elapsedBefore: recordedMs(state), runningSince: null })
  tellCustomer(false)
  void action({ action: 'pause' }).catch((error: unknown) =>
    console.warn('[agent-console] recording pause', error),
  )
}

/** Resumes a paused recording; the customer is told again. */
export function resumeRecording(): void {
  if ($recording.get().phase !== 'paused' || !session) return
  session.resume()
  patch({ phase: 'recording', runningSince: clock.now() })
  tellCustomer(true)
  void action({ action: 'resume' }).catch((error: unknown) =>
    console.warn('[agent-console] recording resume', error),
  )
}

/** A name for a local recording: the call and the time. */
function fileName(call: ActiveCall | null, at: number): string {
  const stamp = new Date(at).toISOString().slice(0, 19).replace(/[:T]/g, '-')
  return `call-${call?.id ?? 'recording'}-${stamp}.webm`
}

async function settle(outcome: RecordingOutcome, call: ActiveCall | null, recordedAt: number): Promise<void> {
  if (outcome.type === 'cloud') {
    notify({ variant: 'success', messageId: 'call.recording.saved', key: 'recording' })
    return
  }
  const name = fileName(call, recordedAt)
  downloadFile(outcome.file, name)
  notify({
    variant: 'success',
    messageId: 'call.recording.downloaded',
    values: { file: name },
    key: 'recording',
  })
  await action({ action: 'stop', duration: outcome.duration, size: outcome.size, mime: outcome.mime }).catch(
    (error: unknown) => console.warn('[agent-console] recording stop', error),
  )
}

/**
 * Stops the recording: the last chunk is awaited (500 ms at most, SPEC §9), then a cloud recording
 * waits for its last acknowledgement and a local one is downloaded as one seekable file named after
 * the call and the time. Resolves when that is done (hang-up waits for it).
 *
 * @example
 * await stopRecording()
 */
export function stopRecording(): Promise<void> {
  const state = $recording.get()
  if (stopping) return stopping
  if (!session || (state.phase !== 'recording' && state.phase !== 'paused')) return Promise.resolve()
  const current = session
  const mine = generation
  const call = $call.get()
  const startedAt = clock.now()
  patch({ phase: 'stopping', elapsedBefore: recordedMs(state), runningSince: null })
  if (state.phase === 'recording') tellCustomer(false)
  if (state.type === 'cloud')
    void action({ action: 'stop' }).catch((error: unknown) =>
      console.warn('[agent-console] recording stop', error),
    )
  stopping = current
    .stop(RECORDING_STOP_WAIT_MS, SOCKET_TIMEOUT_MS)
    .then((outcome) => settle(outcome, call, startedAt))
    .catch((error: unknown) => notifyFailure(reasonOf(error), codeOf(error)))
    .finally(() => {
      stopping = null
      if (session === current) session = null
      if (mine === generation) $recording.set(IDLE)
    })
  return stopping
}

/** Starts or stops (the call panel's recording button). */
export function toggleRecording(): void {
  const phase = $recording.get().phase
  if (phase === 'idle') void startRecording()
  else if (phase === 'recording' || phase === 'paused') void stopRecording()
}

/**
 * A call whose recordings are automatic starts recording as soon as it joins (SPEC §4), once the
 * agent's camera and microphone are open.
 */
export function recordAutomatically(call: ActiveCall): void {
  if (
    call.recordingsSettings.enabled &&
    call.recordingsSettings.automaticRecord &&
    $call.get()?.id === call.id
  )
    void startRecording({ automatic: true })
}

// The call's media changes (the customer's arrives, or comes back): the recording follows.
$participants.listen(() => session?.update(sources()))
$localMedia.listen(() => session?.update(sources()))

// The call ended without a hang-up from here (customer hung up, transfer): the recording stops and
// finishes its upload in the background; the store is idle for the next call at once.
onCallCleanup(() => {
  generation++
  if (session && !stopping) {
    const current = session
    void current
      .stop(RECORDING_STOP_WAIT_MS, SOCKET_TIMEOUT_MS)
      .catch((error: unknown) => console.warn('[agent-console] recording after the call', error))
  }
  session = null
  $recording.set(IDLE)
})

/** Tests hand in the recorder's socket factory (a fake socket). */
export function replaceRecorderTransport(factory: typeof io | undefined): void {
  ioFactory = factory
}
