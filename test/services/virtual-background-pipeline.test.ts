import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { backgroundFiles } from '../../src/services/virtual-background/assets'
import {
  canProcessBackground,
  startBackgroundPipeline,
  type BackgroundPipeline,
} from '../../src/services/virtual-background/pipeline'
import type { BackgroundFailure } from '../../src/services/virtual-background/protocol'

// The real worker, wasm runtime and model, served by the test runner as the build lays them out.
const FILES = backgroundFiles('/virtual-background/')

/** A camera stand-in: sharp black and white stripes, redrawn so it keeps sending frames. */
function stripes(width = 640, height = 360): { track: MediaStreamTrack; stop: () => void } {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  let shift = 0
  const paint = () => {
    shift = (shift + 1) % 2
    for (let x = 0; x < width; x += 4) {
      context.fillStyle = (x / 4 + shift) % 2 ? '#000' : '#fff'
      context.fillRect(x, 0, 4, height)
    }
  }
  paint()
  const timer = setInterval(paint, 40)
  const stream = canvas.captureStream(25)
  const track = stream.getVideoTracks()[0]!
  return { track, stop: () => (clearInterval(timer), track.stop()) }
}

/** A picture of one colour, as the page hands a chosen image to the worker. */
async function plainImage(colour: string): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(64, 36)
  const context = canvas.getContext('2d')!
  context.fillStyle = colour
  context.fillRect(0, 0, 64, 36)
  return createImageBitmap(canvas)
}

/** The mean of each channel and the mean absolute difference between horizontal neighbours (sharpness). */
async function look(track: MediaStreamTrack): Promise<{ r: number; g: number; b: number; edges: number }> {
  const video = document.createElement('video')
  video.muted = true
  video.srcObject = new MediaStream([track])
  document.body.append(video)
  try {
    await video.play()
    await waitUntil(() => video.videoWidth > 0, 'no picture', { timeout: 8_000 })
    const canvas = document.createElement('canvas')
    canvas.width = video.videoWidth
    canvas.height = video.videoHeight
    const context = canvas.getContext('2d')!
    context.drawImage(video, 0, 0)
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    let r = 0
    let g = 0
    let b = 0
    let edges = 0
    const pixels = data.length / 4
    for (let i = 0; i < data.length; i += 4) {
      r += data[i]!
      g += data[i + 1]!
      b += data[i + 2]!
      if ((i / 4) % canvas.width) edges += Math.abs(data[i]! - data[i - 4]!)
    }
    return { r: r / pixels, g: g / pixels, b: b / pixels, edges: edges / pixels }
  } finally {
    video.remove()
  }
}

describe('virtual background pipeline (worker, wasm, model)', function () {
  // Loading an 11 MB wasm runtime on a shared machine.
  this.timeout(60_000)
  let camera: ReturnType<typeof stripes>
  let pipeline: BackgroundPipeline | null = null
  let frames: number[]
  let failures: { reason: BackgroundFailure; detail: string }[]

  beforeEach(() => {
    camera = stripes()
    frames = []
    failures = []
  })
  afterEach(() => {
    pipeline?.stop()
    pipeline = null
    camera.stop()
  })

  const events = {
    onFrame: (ms: number) => frames.push(ms),
    onFailed: (reason: BackgroundFailure, detail: string) => failures.push({ reason, detail }),
  }

  it('runs in this browser', () => {
    expect(canProcessBackground()).to.equal(true)
  })

  it('blurs the room: the processed video has lost the sharp stripes, the camera keeps them', async () => {
    pipeline = startBackgroundPipeline(camera.track, { kind: 'blur', radius: 7 }, events, FILES)
    await waitUntil(() => frames.length >= 3 || failures.length > 0, 'no processed frame', {
      timeout: 50_000,
    })
    expect(failures).to.deep.equal([])
    const raw = await look(camera.track)
    const processed = await look(pipeline.output)
    expect(raw.edges).to.be.greaterThan(30)
    expect(processed.edges).to.be.lessThan(raw.edges / 4)
    expect(camera.track.readyState).to.equal('live')
  })

  it('switches to an image live, on the same output track', async () => {
    pipeline = startBackgroundPipeline(camera.track, { kind: 'blur', radius: 7 }, events, FILES)
    await waitUntil(() => frames.length >= 1 || failures.length > 0, 'no processed frame', {
      timeout: 50_000,
    })
    const output = pipeline.output
    pipeline.setEffect({ kind: 'image', image: await plainImage('#c02020') })
    const seen = frames.length
    await waitUntil(() => frames.length >= seen + 3, 'no frame after the switch', { timeout: 20_000 })
    const processed = await look(output)
    expect(pipeline.output).to.equal(output)
    expect(output.readyState).to.equal('live')
    // No person in the stripes: the whole picture is the red image.
    expect(processed.r).to.be.greaterThan(150)
    expect(processed.g).to.be.lessThan(80)
    expect(failures).to.deep.equal([])
  })

  it('reports a model that cannot load, and leaves the camera running', async () => {
    pipeline = startBackgroundPipeline(camera.track, { kind: 'blur', radius: 7 }, events, {
      ...FILES,
      model: new URL('/virtual-background/missing.tflite', location.href).href,
    })
    await waitUntil(() => failures.length > 0, 'no failure reported', { timeout: 50_000 })
    expect(failures[0]!.reason).to.equal('model')
    expect(frames).to.deep.equal([])
    expect(pipeline.output.readyState).to.equal('ended')
    expect(camera.track.readyState).to.equal('live')
  })

  it('stops: the output ends, the camera does not', async () => {
    pipeline = startBackgroundPipeline(camera.track, { kind: 'blur', radius: 7 }, events, FILES)
    await waitUntil(() => frames.length >= 1 || failures.length > 0, 'no processed frame', {
      timeout: 50_000,
    })
    pipeline.stop()
    expect(pipeline.output.readyState).to.equal('ended')
    expect(camera.track.readyState).to.equal('live')
  })
})
