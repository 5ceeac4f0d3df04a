import { expect } from '@open-wc/testing'
import { Compositor, MASK_WIDTH, type PersonMask } from '../../src/services/virtual-background/compositor'

const WIDTH = 64
const HEIGHT = 36

/** A camera frame of one colour, as the worker reads it from the camera. */
function cameraFrame(colour: string, timestamp: number): VideoFrame {
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')!
  context.fillStyle = colour
  context.fillRect(0, 0, WIDTH, HEIGHT)
  return new VideoFrame(canvas, { timestamp })
}

/** A picture of one colour, as the page hands a chosen background image to the worker. */
async function plainImage(colour: string): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(WIDTH, HEIGHT)
  const context = canvas.getContext('2d')!
  context.fillStyle = colour
  context.fillRect(0, 0, WIDTH, HEIGHT)
  return createImageBitmap(canvas)
}

/** The model's answer: the person fills the left half of the picture. */
function personOnTheLeft(): PersonMask {
  const height = 144
  const confidence = new Float32Array(MASK_WIDTH * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < MASK_WIDTH / 2; x++) confidence[y * MASK_WIDTH + x] = 1
  return { width: MASK_WIDTH, height, confidence }
}

/** The red, green and blue of one pixel, far from the mask's soft edge. */
function colourAt(canvas: OffscreenCanvas, x: number): number[] {
  const pixel = canvas.getContext('2d')!.getImageData(x, HEIGHT / 2, 1, 1).data
  return [pixel[0]!, pixel[1]!, pixel[2]!]
}

describe('virtual background compositor', () => {
  it('keeps the person from the frame and puts the image behind, with the last mask set', async () => {
    const compositor = new Compositor()
    expect(compositor.hasMask).to.equal(false)
    const background = { kind: 'image', image: await plainImage('#0000ff') } as const
    const red = cameraFrame('#ff0000', 0)
    const picture = compositor.take(red, WIDTH, HEIGHT)
    // Taken once: the camera's frame can be closed before the picture is used.
    red.close()
    compositor.setMask(personOnTheLeft())
    expect(compositor.hasMask).to.equal(true)
    const first = compositor.compose(picture, WIDTH, HEIGHT, background)
    expect(colourAt(first, 4)).to.deep.equal([255, 0, 0])
    expect(colourAt(first, WIDTH - 4)).to.deep.equal([0, 0, 255])

    // The next frame, with no new mask (the worker was behind): the same shape, the new frame's picture.
    const green = cameraFrame('#00ff00', 50_000)
    const next = compositor.compose(compositor.take(green, WIDTH, HEIGHT), WIDTH, HEIGHT, background)
    green.close()
    expect(colourAt(next, 4)).to.deep.equal([0, 255, 0])
    expect(colourAt(next, WIDTH - 4)).to.deep.equal([0, 0, 255])
    background.image.close()
  })
})
