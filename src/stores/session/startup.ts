import { atom } from 'nanostores'
import {
  deviceAvailability,
  MediaCaptureError,
  openCapture,
  stopStream,
  type DeviceAvailability,
} from '../../services/media'
import { captureAdviceOf, type CaptureAdvice } from '../../services/capture-advice'
import { askDesktopPermission } from '../../services/desktop-notifications'
import { tabString } from '../../services/storage'
import { $busyInCall } from '../status/activity'
import { attachBackground } from '../profile/background-effect'
import { $userSettings, loadUserSettings } from '../profile/settings'
import { onLogout } from './logout'
import { $tokens } from './tokens'
import { connectRealtime } from './realtime-session'

/**
 * The startup check (SPEC §2): before the console connects, the agent sees their camera, and which
 * devices exist; connecting needs a microphone; a capture error stops it there.
 */
export interface StartupState {
  /** `checking` devices, `ready` to connect, `failed` capture, `done` once connected. */
  phase: 'checking' | 'ready' | 'failed' | 'done'
  devices: DeviceAvailability
  /** The camera preview while the modal is open. */
  preview: MediaStream | null
  /** The browser's reason and message when the capture failed, and what the agent can do about it. */
  error: { reason: string; message: string; advice: CaptureAdvice } | null
}

const INITIAL: StartupState = {
  phase: 'checking',
  devices: { microphone: false, camera: false },
  preview: null,
  error: null,
}

/** The startup check. */
export const $startup = atom<StartupState>(INITIAL)

// A tab that was in a call when it reloaded skips the click: the agent is told they will be put
// back in the call automatically (SPEC §8, session expired during a call).
const $wasBusy = tabString('was-in-call')
$busyInCall.listen((busy) => $wasBusy.set(busy ? '1' : undefined))

let checking = 0
// The preview shows the camera with the agent's virtual background, as the customer will see it.
let previewCamera: MediaStreamTrack | null = null
let detachBackground: (() => void) | null = null

function showVideo(track: MediaStreamTrack): void {
  const state = $startup.get()
  if (!state.preview) return
  $startup.set({ ...state, preview: new MediaStream([...state.preview.getAudioTracks(), track]) })
}

function closePreview(): void {
  detachBackground?.()
  detachBackground = null
  stopStream($startup.get().preview)
  previewCamera?.stop()
  previewCamera = null
}

/**
 * Looks for the devices and opens the camera and microphone for the preview. Called when the modal
 * opens and by its try-again button.
 *
 * @example
 * await checkDevices()
 */
export async function checkDevices(): Promise<void> {
  const mine = ++checking
  closePreview()
  $startup.set({ ...INITIAL })
  // Only with an access token in hand: a session restored from storage is verified first (a revoked one
  // would answer 401 here), and its settings then come with the connection.
  if (!$userSettings.get() && $tokens.get()?.accessToken) void loadUserSettings()
  try {
    const devices = await deviceAvailability()
    const preview = devices.microphone || devices.camera ? await openCapture(devices) : null
    if (mine !== checking) return stopStream(preview)
    // Labels and the real list only show after the permission: count again.
    const confirmed = await deviceAvailability()
    if (mine !== checking) return stopStream(preview)
    $startup.set({ phase: 'ready', devices: confirmed, preview, error: null })
    previewCamera = preview?.getVideoTracks()[0] ?? null
    if (previewCamera) detachBackground = attachBackground(previewCamera, showVideo)
    if ($wasBusy.get() && confirmed.microphone) confirmStartup()
  } catch (error) {
    if (mine !== checking) return
    const failure =
      error instanceof MediaCaptureError
        ? { reason: error.reason, message: error.message, advice: captureAdviceOf(error) }
        : { reason: 'Error', message: String(error), advice: 'none' as const }
    $startup.set({ ...INITIAL, phase: 'failed', error: failure })
  }
}

/**
 * The connect button: closes the preview and connects the console. Needs a microphone.
 *
 * @example
 * confirmStartup()
 */
export function confirmStartup(): void {
  const state = $startup.get()
  if (state.phase !== 'ready' || !state.devices.microphone) return
  closePreview()
  $startup.set({ ...$startup.get(), phase: 'done', preview: null })
  void askDesktopPermission()
  connectRealtime()
}

/** Closes the preview and starts over (logout, or the modal left the page). */
export function resetStartup(): void {
  checking += 1
  closePreview()
  $startup.set(INITIAL)
}

onLogout(resetStartup)
