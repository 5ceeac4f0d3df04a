import type { BackgroundEffect } from './protocol'

/** The segmentation input's width: the landscape selfie model reads 256×144, so frames are shrunk to it. */
export const MASK_WIDTH = 256

/** A person mask: per pixel, how sure the model is that it is the person (0…1). */
export interface PersonMask {
  width: number
  height: number
  confidence: Float32Array
}

type Canvas2D = OffscreenCanvasRenderingContext2D

function context(canvas: OffscreenCanvas): Canvas2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: false })
  if (!ctx) throw new Error('2d canvas unavailable')
  return ctx
}

/**
 * Draws frames with their background replaced, on OffscreenCanvases it keeps between frames (a worker
 * owns one). `take` takes the camera's frame in once; `shrink` makes the small copy the model reads;
 * `setMask` keeps the model's answer; `compose` draws the result with the last mask set.
 */
export class Compositor {
  private readonly picture = new OffscreenCanvas(640, 360)
  private readonly small = new OffscreenCanvas(MASK_WIDTH, 144)
  private readonly mask = new OffscreenCanvas(MASK_WIDTH, 144)
  private readonly out = new OffscreenCanvas(640, 360)
  private readonly blurred = new OffscreenCanvas(320, 180)
  private maskPixels: ImageData | null = null

  /**
   * The camera's frame drawn once on a canvas, for `shrink` and `compose` to read. Every draw of a
   * `VideoFrame` converts its pixels again, and a frame was drawn three times: drawn once, the time a
   * frame spends in the worker fell by a quarter (bench/virtual-background.ts, in the commit that made
   * this). A canvas is read as it is. The frame can be closed once this returns.
   */
  take(frame: VideoFrame, width: number, height: number): OffscreenCanvas {
    if (this.picture.width !== width || this.picture.height !== height) {
      this.picture.width = width
      this.picture.height = height
    }
    context(this.picture).drawImage(frame, 0, 0, width, height)
    return this.picture
  }

  /** The frame shrunk to the model's input width (its aspect kept), ready to segment. */
  shrink(frame: CanvasImageSource, width: number, height: number): OffscreenCanvas {
    const smallHeight = Math.max(1, Math.round((MASK_WIDTH * height) / width))
    if (this.small.height !== smallHeight) this.small.height = smallHeight
    context(this.small).drawImage(frame, 0, 0, MASK_WIDTH, smallHeight)
    return this.small
  }

  /** Whether a mask was set: `compose` needs one. */
  get hasMask(): boolean {
    return this.maskPixels !== null
  }

  /** Keeps the person's mask for the frames composed next (until another is set). */
  setMask(mask: PersonMask): void {
    if (this.mask.width !== mask.width || this.mask.height !== mask.height) {
      this.mask.width = mask.width
      this.mask.height = mask.height
      this.maskPixels = null
    }
    const pixels = (this.maskPixels ??= new ImageData(mask.width, mask.height))
    const data = pixels.data
    const confidence = mask.confidence
    for (let i = 0; i < confidence.length; i++) data[i * 4 + 3] = confidence[i]! * 255
    context(this.mask).putImageData(pixels, 0, 0)
  }

  /**
   * Draws `frame` (width × height) with everything the last mask set does not call the person replaced
   * by `effect`.
   */
  compose(
    frame: CanvasImageSource,
    width: number,
    height: number,
    effect: BackgroundEffect,
  ): OffscreenCanvas {
    if (this.out.width !== width || this.out.height !== height) {
      this.out.width = width
      this.out.height = height
    }
    const ctx = context(this.out)
    ctx.save()
    // The mask, stretched smoothly to the frame, is the person's shape; the frame is kept inside it.
    ctx.globalCompositeOperation = 'copy'
    ctx.imageSmoothingEnabled = true
    ctx.drawImage(this.mask, 0, 0, width, height)
    ctx.globalCompositeOperation = 'source-in'
    ctx.drawImage(frame, 0, 0, width, height)
    // The background goes behind what is left.
    ctx.globalCompositeOperation = 'destination-over'
    if (effect.kind === 'blur')
      ctx.drawImage(this.blur(frame, width, height, effect.radius), 0, 0, width, height)
    else drawCovering(ctx, effect.image, width, height)
    ctx.restore()
    return this.out
  }

  /** The frame blurred by `radius` px: drawn at half size with half the radius (a quarter of the work), then stretched. */
  private blur(frame: CanvasImageSource, width: number, height: number, radius: number): OffscreenCanvas {
    const w = Math.max(1, Math.round(width / 2))
    const h = Math.max(1, Math.round(height / 2))
    if (this.blurred.width !== w || this.blurred.height !== h) {
      this.blurred.width = w
      this.blurred.height = h
    }
    const ctx = context(this.blurred)
    ctx.filter = `blur(${radius / 2}px)`
    ctx.drawImage(frame, 0, 0, w, h)
    ctx.filter = 'none'
    return this.blurred
  }
}

/** Draws an image to cover width × height, centred, cropping what overflows (like CSS `object-fit: cover`). */
function drawCovering(ctx: Canvas2D, image: ImageBitmap, width: number, height: number): void {
  const scale = Math.max(width / image.width, height / image.height)
  const w = image.width * scale
  const h = image.height * scale
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h)
}
