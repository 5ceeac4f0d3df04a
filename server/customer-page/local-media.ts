/** Why the browser gave less than both: refused, no such device, the device busy, or anything else. */
export type MediaProblem = 'denied' | 'missing' | 'busy' | 'other'

/** The customer's camera and microphone, and what the browser allowed. */
export interface LocalMedia {
  stream: MediaStream | null
  camera: boolean
  microphone: boolean
  /** Why not both (null: both granted). A kind, not the browser's English message: the page says it. */
  error: MediaProblem | null
}

/** The kind of a getUserMedia failure, from its DOMException name. */
function problemOf(error: unknown): MediaProblem {
  const name = typeof error === 'object' && error && 'name' in error ? String(error.name) : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing'
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'other'
}

/**
 * Asks for camera and microphone; when both fail together, tries each alone, so a customer without a
 * camera can still talk. What was granted is reported to the agent (`permissions`).
 */
export async function openLocalMedia(): Promise<LocalMedia> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
    return { stream, camera: true, microphone: true, error: null }
  } catch (error) {
    const problem = problemOf(error)
    for (const constraints of [{ audio: true }, { video: true }]) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(constraints)
        return { stream, camera: 'video' in constraints, microphone: 'audio' in constraints, error: problem }
      } catch {
        // Try the next one.
      }
    }
    return { stream: null, camera: false, microphone: false, error: problem }
  }
}
