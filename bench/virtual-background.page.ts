// The page of bench/virtual-background.ts: the console's pipeline (worker, wasm, model) on Chromium's fake
// camera at 640×360, blur on, measured from the page.
import { backgroundFiles } from '../src/services/virtual-background/assets'
import { canProcessBackground, startBackgroundPipeline } from '../src/services/virtual-background/pipeline'

/** What the page measured, as it hands it to bench/virtual-background.ts. */
export interface Measured {
  seconds: number
  width: number
  height: number
  processedFrames: number
  presentedFrames: number
  workerMs: number[]
  segmentMs: number[]
  /** Frames that kept the last frame's mask, the worker being behind. */
  keptMasks: number
  longTasks: number[]
  failure: string | null
}

async function run(warmupMs: number, measureMs: number): Promise<Measured> {
  if (!canProcessBackground()) throw new Error('this Chromium cannot process video in a worker')
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask'))
    throw new Error('this Chromium does not report long tasks')
  const camera = (
    await navigator.mediaDevices.getUserMedia({
      video: { width: { exact: 640 }, height: { exact: 360 }, frameRate: { ideal: 30 } },
    })
  ).getVideoTracks()[0]!
  let measuring = false
  let failure: string | null = null
  const result: Measured = {
    seconds: measureMs / 1000,
    width: 0,
    height: 0,
    processedFrames: 0,
    presentedFrames: 0,
    workerMs: [],
    segmentMs: [],
    keptMasks: 0,
    longTasks: [],
    failure: null,
  }
  let first: () => void = () => undefined
  const started = new Promise<void>((resolve) => (first = resolve))
  const pipeline = startBackgroundPipeline(
    camera,
    { kind: 'blur', radius: 7 },
    {
      onFrame: (ms, segmentMs) => {
        first()
        if (!measuring) return
        result.processedFrames++
        result.workerMs.push(ms)
        if (segmentMs === null) result.keptMasks++
        else result.segmentMs.push(segmentMs)
      },
      onFailed: (reason, detail) => {
        failure = `${reason}: ${detail}`
        first()
      },
    },
    backgroundFiles('/virtual-background/'),
  )
  // The processed video shown as the console shows it: its presented frames are counted too.
  const video = document.createElement('video')
  video.muted = true
  video.srcObject = new MediaStream([pipeline.output])
  document.body.append(video)
  void video.play()
  const count = () =>
    video.requestVideoFrameCallback((_now, metadata) => {
      if (measuring) result.presentedFrames++
      result.width = metadata.width
      result.height = metadata.height
      count()
    })
  count()
  await started
  if (failure) throw new Error(failure)
  await new Promise((resolve) => setTimeout(resolve, warmupMs))
  const observer = new PerformanceObserver((list) => {
    if (measuring) for (const entry of list.getEntries()) result.longTasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  measuring = true
  await new Promise((resolve) => setTimeout(resolve, measureMs))
  measuring = false
  observer.disconnect()
  pipeline.stop()
  camera.stop()
  result.failure = failure
  return result
}

;(globalThis as unknown as { bench: { run: typeof run } }).bench = { run }
