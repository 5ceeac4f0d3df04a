import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { composeCall } from '../../src/services/call-composition'
import { startCallRecorder } from '../../src/services/call-recorder'
import { seekableWebm } from '../../src/services/seekable-webm'

/** A camera stand-in: a canvas filled with one colour, redrawn so it keeps sending frames. */
function colourStream(colour: string, width = 320, height = 240): { stream: MediaStream; stop: () => void } {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  const paint = () => {
    context.fillStyle = colour
    context.fillRect(0, 0, width, height)
  }
  paint()
  const timer = setInterval(paint, 40)
  const stream = canvas.captureStream(25)
  return { stream, stop: () => (clearInterval(timer), stream.getTracks().forEach((t) => t.stop())) }
}

/** A microphone stand-in: a tone of one frequency. */
function tone(audio: AudioContext, frequency: number): MediaStream {
  const oscillator = audio.createOscillator()
  oscillator.frequency.value = frequency
  const out = audio.createMediaStreamDestination()
  oscillator.connect(out)
  oscillator.start()
  return out.stream
}

/** Plays a stream in a video element until it shows pictures. */
async function playing(source: MediaStream | Blob): Promise<HTMLVideoElement> {
  const video = document.createElement('video')
  video.muted = true
  if (source instanceof Blob) video.src = URL.createObjectURL(source)
  else video.srcObject = source
  document.body.append(video)
  await video.play().catch(() => undefined)
  await waitUntil(() => video.readyState >= 2 && video.videoWidth > 0, 'no picture', { timeout: 8_000 })
  return video
}

/** The colour at a point of a video's current picture, as [r, g, b]. */
function colourAt(video: HTMLVideoElement, x: number, y: number): number[] {
  const canvas = document.createElement('canvas')
  canvas.width = video.videoWidth
  canvas.height = video.videoHeight
  const context = canvas.getContext('2d')!
  context.drawImage(video, 0, 0)
  return [
    ...context.getImageData(Math.round(x * canvas.width), Math.round(y * canvas.height), 1, 1).data,
  ].slice(0, 3)
}

const near = (colour: number[], expected: number[]) =>
  colour.every((value, i) => Math.abs(value - expected[i]!) < 60)

describe('recording media (real MediaRecorder, canvas and Web Audio)', () => {
  const stops: (() => void)[] = []
  afterEach(() => {
    for (const stop of stops.splice(0)) stop()
    document.querySelectorAll('video').forEach((video) => video.remove())
  })

  it('composes the customer large and the agent in an inset at the bottom right', async () => {
    const customer = colourStream('#ff0000')
    const agent = colourStream('#0000ff')
    stops.push(customer.stop, agent.stop)
    const mix = composeCall({ customer: customer.stream, agent: agent.stream }, { audio: false, video: true })
    stops.push(mix.stop)
    expect(mix.stream.getVideoTracks()).to.have.length(1)
    expect(mix.stream.getAudioTracks()).to.have.length(0)
    const video = await playing(mix.stream)
    expect([video.videoWidth, video.videoHeight]).to.deep.equal([1280, 720])
    await waitUntil(() => near(colourAt(video, 0.5, 0.4), [255, 0, 0]), 'the customer is not in the middle', {
      timeout: 8_000,
    })
    await waitUntil(() => near(colourAt(video, 0.86, 0.86), [0, 0, 255]), 'the agent is not in the inset', {
      timeout: 8_000,
    })
    // A 4:3 customer in a 16:9 picture: letterboxed, black at the sides.
    expect(near(colourAt(video, 0.3, 0.1), [255, 0, 0])).to.equal(true)
    expect(near(colourAt(video, 0.05, 0.5), [0, 0, 0])).to.equal(true)
  })

  it('mixes both microphones into one audio track', async () => {
    const audio = new AudioContext()
    stops.push(() => void audio.close())
    const mix = composeCall(
      { customer: tone(audio, 440), agent: tone(audio, 1760) },
      { audio: true, video: false },
    )
    stops.push(mix.stop)
    expect(mix.stream.getAudioTracks()).to.have.length(1)
    expect(mix.stream.getVideoTracks()).to.have.length(0)
    const listen = new AudioContext()
    stops.push(() => void listen.close())
    const analyser = listen.createAnalyser()
    analyser.fftSize = 4096
    listen.createMediaStreamSource(mix.stream).connect(analyser)
    const bins = new Float32Array(analyser.frequencyBinCount)
    const level = (frequency: number) => bins[Math.round((frequency / listen.sampleRate) * analyser.fftSize)]!
    await waitUntil(
      () => {
        analyser.getFloatFrequencyData(bins)
        return level(440) > -60 && level(1760) > -60 && level(1000) < level(440) - 20
      },
      'both tones are not in the mix',
      { timeout: 8_000 },
    )
  })

  it('records 1000 ms chunks and builds one seekable WebM whose duration is right', async () => {
    const customer = colourStream('#00ff00')
    stops.push(customer.stop)
    const audio = new AudioContext()
    stops.push(() => void audio.close())
    const mix = composeCall(
      { customer: customer.stream, agent: tone(audio, 440) },
      { audio: true, video: true },
    )
    stops.push(mix.stop)
    const webm = seekableWebm()
    const chunks: Blob[] = []
    const started = performance.now()
    const recorder = startCallRecorder({
      stream: mix.stream,
      audioBitsPerSecond: 64_000,
      videoBitsPerSecond: 300_000,
      chunkMs: 1_000,
      onChunk: (chunk) => {
        chunks.push(chunk)
        void webm.add(chunk)
      },
      onError: (reason) => {
        throw new Error(reason)
      },
    })
    expect(recorder.mimeType).to.match(/^video\/webm/)
    // Three chunks of 1000 ms come, then the recorder stops (the last one within the stop's wait).
    await waitUntil(() => chunks.length >= 3, 'fewer than three chunks', { timeout: 10_000 })
    const lasted = (performance.now() - started) / 1000
    await recorder.stop(500)
    const { file, duration } = await webm.build('video/webm')
    expect(Math.abs(duration - lasted)).to.be.below(0.6)
    const video = await playing(file)
    expect(video.duration).to.be.closeTo(duration, 0.1)
    expect(video.seekable.length).to.equal(1)
    video.currentTime = duration / 2
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }))
    expect(video.currentTime).to.be.closeTo(duration / 2, 0.2)
  })
})
