import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { mediaPair } from '../support/media-pair'
import { sendKeyFrames } from '../../src/services/key-frame'

/** What a connection's video sender and receiver say of key frames. */
async function keyFrames(connection: RTCPeerConnection): Promise<{ encoded: number; decoded: number }> {
  const counts = { encoded: 0, decoded: 0 }
  ;(await connection.getStats()).forEach(
    (stat: { type: string; kind?: string; keyFramesEncoded?: number; keyFramesDecoded?: number }) => {
      if (stat.kind !== 'video') return
      if (stat.type === 'outbound-rtp') counts.encoded += stat.keyFramesEncoded ?? 0
      if (stat.type === 'inbound-rtp') counts.decoded += stat.keyFramesDecoded ?? 0
    },
  )
  return counts
}

describe('services/key-frame', () => {
  it('makes the video sender send a key frame now, which the other side decodes, and leaves it sending', async () => {
    const { a, b, stream } = await mediaPair()
    try {
      // The call's first key frame, and delta frames after it.
      await waitUntil(async () => (await keyFrames(b)).decoded >= 1, 'the first key frame decoded', {
        timeout: 15_000,
        interval: 200,
      })
      const before = await keyFrames(a)
      const decodedBefore = (await keyFrames(b)).decoded

      await sendKeyFrames(a)

      await waitUntil(async () => (await keyFrames(a)).encoded > before.encoded, 'a key frame encoded', {
        timeout: 5_000,
        interval: 100,
      })
      await waitUntil(async () => (await keyFrames(b)).decoded > decodedBefore, 'the key frame decoded', {
        timeout: 5_000,
        interval: 100,
      })
      // The encodings are active again, as they were.
      const sender = a.getSenders().find((each) => each.track?.kind === 'video')!
      expect(sender.getParameters().encodings.map((encoding) => encoding.active)).to.deep.equal([true])
    } finally {
      a.close()
      b.close()
      stream.getTracks().forEach((track) => track.stop())
    }
  })

  it('leaves a sender paused on purpose paused, and a closed connection without an error', async () => {
    const { a, b, stream } = await mediaPair()
    try {
      const sender = a.getSenders().find((each) => each.track?.kind === 'video')!
      await waitUntil(() => sender.getParameters().encodings.length > 0, 'encodings negotiated')
      const paused = sender.getParameters()
      await sender.setParameters({
        ...paused,
        encodings: paused.encodings.map((encoding) => ({ ...encoding, active: false })),
      })
      await sendKeyFrames(a)
      expect(sender.getParameters().encodings.map((encoding) => encoding.active)).to.deep.equal([false])
      a.close()
      await sendKeyFrames(a)
    } finally {
      a.close()
      b.close()
      stream.getTracks().forEach((track) => track.stop())
    }
  })
})
