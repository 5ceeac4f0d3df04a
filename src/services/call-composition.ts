import { clock, type TimerId } from './clock'

/** The two sides of a call as the recording takes them. */
export interface CallSources {
  /** What the customer sends (their camera and microphone), once it arrives. */
  customer: MediaStream | null
  /** The agent's own camera and microphone. */
  agent: MediaStream | null
}

/** What to put in the recording. */
export interface CompositionOptions {
  /** Record sound: both microphones mixed. */
  audio: boolean
  /** Record pictures: the customer large, the agent in an inset. */
  video: boolean
  /** Picture size and rate. */
  width?: number
  height?: number
  fps?: number
}

/** The call mixed into one stream for a MediaRecorder. */
export interface CallComposition {
  /** One audio track (the mix) and/or one video track (the canvas). */
  stream: MediaStream
  /** The sources changed (the customer's media arrived, or came back after a reconnect). */
  update(sources: CallSources): void
  /** Stops drawing and mixing (the sources' own tracks are left alone). */
  stop(): void
}

/** A hidden player of one source's pictures, for the canvas to draw from. */
function player(): HTMLVideoElement {
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.autoplay = true
  return video
}

function attach(video: HTMLVideoElement, stream: MediaStream | null): void {
  const pictures =
    stream && stream.getVideoTracks().length > 0 ? new MediaStream(stream.getVideoTracks()) : null
  const current = video.srcObject as MediaStream | null
  const same =
    current !== null &&
    pictures !== null &&
    current.getVideoTracks()[0]?.id === pictures.getVideoTracks()[0]?.id
  if (same || (current === null && pictures === null)) return
  video.srcObject = pictures
  if (pictures) void video.play().catch(() => undefined)
}

/** Draws `video` into the box, keeping its aspect ratio (letterboxed). */
function drawContained(
  context: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  box: { x: number; y: number; width: number; height: number },
): boolean {
  if (video.readyState < 2 || video.videoWidth === 0) return false
  const scale = Math.min(box.width / video.videoWidth, box.height / video.videoHeight)
  const width = video.videoWidth * scale
  const height = video.videoHeight * scale
  context.drawImage(video, box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height)
  return true
}

/**
 * Mixes a call as both sides hear and see it: the two microphones into one track with Web Audio, and
 * the two cameras on a canvas, the customer filling it and the agent in an inset at the bottom right.
 * Frames are drawn on the console's clock, so a test that fakes it decides when they are drawn.
 *
 * @example
 * const mix = composeCall({ customer, agent }, { audio: true, video: true })
 * const recorder = new MediaRecorder(mix.stream)
 */
export function composeCall(sources: CallSources, options: CompositionOptions): CallComposition {
  if (!options.audio && !options.video) throw new Error('Neither sound nor pictures are to be recorded')
  const tracks: MediaStreamTrack[] = []
  const stops: (() => void)[] = []

  let updateAudio = (_: CallSources) => {}
  if (options.audio) {
    const audio = new AudioContext()
    void audio.resume().catch(() => undefined)
    const mix = audio.createMediaStreamDestination()
    const inputs = new Map<string, MediaStreamAudioSourceNode>()
    updateAudio = ({ customer, agent }) => {
      const wanted = new Map<string, MediaStreamTrack>()
      for (const stream of [customer, agent])
        for (const track of stream?.getAudioTracks() ?? []) wanted.set(track.id, track)
      for (const [id, node] of inputs)
        if (!wanted.has(id)) {
          node.disconnect()
          inputs.delete(id)
        }
      for (const [id, track] of wanted)
        if (!inputs.has(id)) {
          const node = audio.createMediaStreamSource(new MediaStream([track]))
          node.connect(mix)
          inputs.set(id, node)
        }
    }
    tracks.push(...mix.stream.getAudioTracks())
    stops.push(() => {
      for (const node of inputs.values()) node.disconnect()
      void audio.close().catch(() => undefined)
    })
  }

  let updateVideo = (_: CallSources) => {}
  if (options.video) {
    const width = options.width ?? 1280
    const height = options.height ?? 720
    const fps = options.fps ?? 25
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the recording')
    const customer = player()
    const agent = player()
    const inset = {
      width: Math.round(width / 4),
      height: Math.round(height / 4),
      margin: Math.round(width / 64),
    }
    const draw = () => {
      context.fillStyle = '#000'
      context.fillRect(0, 0, width, height)
      drawContained(context, customer, { x: 0, y: 0, width, height })
      const box = {
        x: width - inset.width - inset.margin,
        y: height - inset.height - inset.margin,
        width: inset.width,
        height: inset.height,
      }
      if (agent.readyState >= 2 && agent.videoWidth > 0) {
        context.fillStyle = '#fff'
        context.fillRect(box.x - 2, box.y - 2, box.width + 4, box.height + 4)
        context.fillStyle = '#000'
        context.fillRect(box.x, box.y, box.width, box.height)
        drawContained(context, agent, box)
      }
    }
    draw()
    const timer: TimerId = clock.setInterval(draw, Math.round(1000 / fps))
    updateVideo = (next) => {
      attach(customer, next.customer)
      attach(agent, next.agent)
    }
    tracks.push(...canvas.captureStream(fps).getVideoTracks())
    stops.push(() => {
      clock.clearInterval(timer)
      customer.srcObject = null
      agent.srcObject = null
    })
  }

  const update = (next: CallSources) => {
    updateAudio(next)
    updateVideo(next)
  }
  update(sources)
  const stream = new MediaStream(tracks)
  return {
    stream,
    update,
    stop: () => {
      for (const stop of stops) stop()
      for (const track of tracks) track.stop()
    },
  }
}
