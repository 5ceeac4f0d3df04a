/**
 * The agent's camera and microphone (SPEC §2 startup modal). The call area adds its call-related
 * functions below the device section.
 */

/** Which capture devices the browser reports. */
export interface DeviceAvailability {
  microphone: boolean
  camera: boolean
}

/** A failed capture, as the agent is told about it: the browser's error name and message. */
export class MediaCaptureError extends Error {
  constructor(
    /** DOMException name: NotAllowedError, NotFoundError, NotReadableError… */
    readonly reason: string,
    message: string,
  ) {
    super(message)
    this.name = 'MediaCaptureError'
  }
}

/**
 * Lists which capture devices exist. Labels need a permission; kinds do not, so this works before the
 * first capture.
 *
 * @example
 * const { microphone } = await deviceAvailability()
 */
export async function deviceAvailability(): Promise<DeviceAvailability> {
  if (!navigator.mediaDevices?.enumerateDevices) return { microphone: false, camera: false }
  const devices = await navigator.mediaDevices.enumerateDevices()
  return {
    microphone: devices.some((device) => device.kind === 'audioinput'),
    camera: devices.some((device) => device.kind === 'videoinput'),
  }
}

/**
 * The browser's media devices, kind and label only (the label is empty until a capture was allowed);
 * null when the browser cannot list them.
 *
 * @example
 * const devices = await mediaDeviceKinds() // [{ kind: 'audioinput', label: '' }, …]
 */
export async function mediaDeviceKinds(): Promise<{ kind: string; label: string }[] | null> {
  if (!navigator.mediaDevices?.enumerateDevices) return null
  const devices = await navigator.mediaDevices.enumerateDevices()
  return devices.map(({ kind, label }) => ({ kind, label }))
}

/**
 * Opens the devices that exist (camera and/or microphone). Rejects with a MediaCaptureError carrying
 * the browser's reason when the capture fails (permission denied, device busy).
 *
 * @example
 * const stream = await openCapture({ microphone: true, camera: true })
 */
export async function openCapture(devices: DeviceAvailability): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw new MediaCaptureError('NotSupportedError', 'This browser cannot capture media')
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: devices.microphone, video: devices.camera })
  } catch (error) {
    const failure = error as Partial<DOMException>
    throw new MediaCaptureError(failure.name ?? 'Error', failure.message || String(error))
  }
}

/**
 * Stops every track of a stream (releases the camera light).
 *
 * @example
 * stopStream(preview)
 */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop())
}

// ——— Call media (the call area) ———

/**
 * Opens the camera and microphone for a call: both when they exist; a capture that fails with both is
 * tried again with the microphone alone, so a broken camera does not keep the agent silent.
 *
 * @example
 * const stream = await openCallStream()
 */
export async function openCallStream(): Promise<MediaStream> {
  const devices = await deviceAvailability().catch(() => ({ microphone: true, camera: true }))
  try {
    return await openCapture(devices)
  } catch (error) {
    if (!(devices.camera && devices.microphone)) throw error
    return openCapture({ microphone: true, camera: false })
  }
}

/**
 * Turns a stream's audio or video tracks on or off without renegotiating (mute): the peer keeps the
 * track and receives silence or black frames.
 *
 * @example
 * setTracksEnabled(stream, 'audio', false)
 */
export function setTracksEnabled(
  stream: MediaStream | null,
  kind: 'audio' | 'video',
  enabled: boolean,
): void {
  if (!stream) return
  for (const track of kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())
    track.enabled = enabled
}

/** Whether a stream carries a live track of a kind. */
export function hasTrack(stream: MediaStream | null, kind: 'audio' | 'video'): boolean {
  if (!stream) return false
  return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()).some(
    (track) => track.readyState === 'live',
  )
}
