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

/** A JPEG of the current frame of a video element (the capture a agent asks for). */
export async function grabFrame(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth) return null
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  canvas.getContext('2d')?.drawImage(video, 0, 0)
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
}
