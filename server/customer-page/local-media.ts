/** The customer's camera and microphone, and what the browser allowed. */
export interface LocalMedia {
  stream: MediaStream | null
  camera: boolean
  microphone: boolean
  error: string | null
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
    const message = error instanceof Error ? error.message : String(error)
    for (const constraints of [{ audio: true }, { video: true }]) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(constraints)
        return { stream, camera: 'video' in constraints, microphone: 'audio' in constraints, error: message }
      } catch {
        // Try the next one.
      }
    }
    return { stream: null, camera: false, microphone: false, error: message }
  }
}
