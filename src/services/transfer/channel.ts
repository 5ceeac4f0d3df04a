/**
 * The part of an `RTCDataChannel` a file transfer uses, so the engine runs on a real channel (simple-peer's,
 * or a raw one) and on an in-memory pair in unit tests.
 */
export interface FrameChannel {
  send(data: string | ArrayBuffer | ArrayBufferView<ArrayBuffer>): void
  readonly bufferedAmount: number
  bufferedAmountLowThreshold: number
  addEventListener(type: 'bufferedamountlow', listener: () => void): void
  removeEventListener(type: 'bufferedamountlow', listener: () => void): void
}

/** Sending pauses while this much is queued in the channel (Chromium closes a channel past 16 MiB). */
export const SEND_HIGH_WATER = 8 * 1024 * 1024
/** …and goes on when the queue drains below this (`bufferedAmountLowThreshold`). */
export const SEND_LOW_WATER = 2 * 1024 * 1024

/**
 * Waits until the channel has room (its queue below the high-water mark), via `bufferedamountlow`.
 * Resolves at once when there is room; `stop` resolves it early (the channel went away).
 *
 * @example
 * await room(channel, stopped)
 * channel.send(chunk)
 */
export function room(channel: FrameChannel, stop: Promise<void>): Promise<void> {
  if (channel.bufferedAmount <= SEND_HIGH_WATER) return Promise.resolve()
  channel.bufferedAmountLowThreshold = SEND_LOW_WATER
  return new Promise<void>((resolve) => {
    const done = () => {
      channel.removeEventListener('bufferedamountlow', done)
      resolve()
    }
    channel.addEventListener('bufferedamountlow', done)
    void stop.then(done)
  })
}
