/** Why a capture could not be taken. */
export type CaptureRefusal = 'denied' | 'failed'

/**
 * The customer's screen for the agent's captures: asked for once with `getDisplayMedia` (from a click
 * of the customer, as browsers require), then kept, so later captures need no question. When the
 * customer stops sharing, the next capture asks again.
 */
export class ScreenCapture {
  #stream: MediaStream | null = null
  readonly #video = Object.assign(document.createElement('video'), { muted: true, playsInline: true })

  /** Whether a shared screen is ready for a capture without asking. */
  get sharing(): boolean {
    return !!this.#stream?.getVideoTracks().some((track) => track.readyState === 'live')
  }

  /** Asks the customer to share the screen (call it from a click). Rejects with the refusal. */
  async share(): Promise<void> {
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false })
      this.#stream = stream
      for (const track of stream.getVideoTracks())
        track.addEventListener('ended', () => {
          if (this.#stream === stream) this.#stream = null
        })
      this.#video.srcObject = stream
      await this.#video.play()
    } catch (error) {
      throw (error as Error).name === 'NotAllowedError' ? 'denied' : 'failed'
    }
  }

  /** A PNG of the shared screen now. */
  async grab(): Promise<Blob> {
    const video = this.#video
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA)
      await new Promise<void>((resolve) =>
        video.addEventListener('loadeddata', () => resolve(), { once: true }),
      )
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    canvas.getContext('2d')?.drawImage(video, 0, 0)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    if (!blob) throw new Error('the capture could not be encoded')
    return blob
  }

  /** Stops sharing. */
  stop(): void {
    for (const track of this.#stream?.getTracks() ?? []) track.stop()
    this.#stream = null
  }
}
