import { atom } from 'nanostores'
import { openCapture, stopStream } from '../../services/media'
import { captureAdviceOf, type CaptureAdvice } from '../../services/capture-advice'
import { onLogout } from '../session/logout'
import { attachBackground } from './background-effect'

/** The virtual background page's live preview: the camera as the customer will see it. */
export interface BackgroundPreviewState {
  /** The video to show (the processed track once the background is on). */
  stream: MediaStream | null
  /** The browser's message when the camera could not be opened. */
  error: string | null
  /** What the agent can do about that error. */
  advice: CaptureAdvice
}

const CLOSED: BackgroundPreviewState = { stream: null, error: null, advice: 'none' }

/** The preview on `/profile/virtual-background`. */
export const $backgroundPreview = atom<BackgroundPreviewState>(CLOSED)

let camera: MediaStreamTrack | null = null
let detach: (() => void) | null = null
let opening = 0

/**
 * Opens the camera for the page's preview, with the agent's background applied live.
 *
 * @example
 * useEffect(() => (void openBackgroundPreview(), closeBackgroundPreview), [])
 */
export async function openBackgroundPreview(): Promise<void> {
  closeBackgroundPreview()
  const mine = ++opening
  try {
    const stream = await openCapture({ camera: true, microphone: false })
    if (mine !== opening) return stopStream(stream)
    camera = stream.getVideoTracks()[0] ?? null
    $backgroundPreview.set({ stream, error: null, advice: 'none' })
    if (camera)
      detach = attachBackground(camera, (track) =>
        $backgroundPreview.set({ stream: new MediaStream([track]), error: null, advice: 'none' }),
      )
  } catch (error) {
    if (mine !== opening) return
    $backgroundPreview.set({
      stream: null,
      error: error instanceof Error ? error.message : String(error),
      advice: captureAdviceOf(error),
    })
  }
}

/** Closes the preview and releases the camera. */
export function closeBackgroundPreview(): void {
  opening++
  detach?.()
  detach = null
  camera?.stop()
  camera = null
  $backgroundPreview.set(CLOSED)
}

onLogout(closeBackgroundPreview)
