import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { UPLOAD_STALL_MS } from '../../src/constants'
import { HttpError } from '../../src/services/http'
import { upload } from '../../src/services/upload'
import { fakeClock, type FakeClock } from '../support/fake-clock'

describe('upload', () => {
  let time: FakeClock
  beforeEach(() => {
    time = fakeClock()
  })
  afterEach(() => time.restore())

  it('gives up on an upload the server never answers, as a failure with no answer (status 0)', async () => {
    let sent = 0
    let outcome: unknown = 'pending'
    const body = new Blob([new Uint8Array(64 * 1024)])
    void upload({
      // A path of its own per run: the test server holds it without ever answering.
      url: `/stalled-upload/${Math.random().toString(36).slice(2)}`,
      token: 't',
      body,
      onProgress: (bytes) => (sent = bytes),
    }).then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    )
    await waitUntil(() => sent === body.size, 'the bytes never went out', { timeout: 5_000 })
    await time.tick(UPLOAD_STALL_MS - 1)
    expect(outcome, 'given up too early').to.equal('pending')
    await time.tick(1)
    await waitUntil(() => outcome !== 'pending', 'never given up', { timeout: 5_000 })
    expect(outcome).to.be.instanceOf(HttpError)
    expect((outcome as HttpError).status).to.equal(0)
  })
})
