import CRC32 from 'crc-32'
import { waitUntil } from './waits'
import { BEAMPORT_CONNECT_DELAY_MS, VIEW_SWITCH_DELAY_MS } from '../../src/constants'
import { receiveConsoleSettings } from '../../src/stores/profile/settings'
import { HttpError } from '../../src/services/http'
import { replaceUploader, type UploadRequest } from '../../src/services/upload'
import { BeamCustomer } from './beam-customer'
import { consoleSettings, joinedCall, meetingJoined, ok } from './call-fixtures'
import { openCallPage, type CallPage } from './call-page'
import { fakeClock, type FakeClock } from './fake-clock'

/** A call panel in a call with a customer whose page answers beamport channels for real (WebRTC in the page). */
export interface BeamCall {
  page: CallPage
  customer: BeamCustomer
  time: FakeClock
  /** The call id, or the appointment id of a meeting. */
  callId: string
  /** Uploads the console started, each waiting for the test to finish it. */
  uploads: { request: UploadRequest; finish(result: { status: number; body: unknown }): void }[]
  /** Opens a channel from its view as the agent would: menu entry, connect, create, the 1 s delay. */
  connect(channel: 'files' | 'capture'): Promise<void>
  close(): void
}

/**
 * Opens the panel in a call (or a meeting) with file share and capture on; the fake server answers `beamport:open`
 * and `capture:shot`; uploads are held for the test (`uploads`).
 *
 * @example
 * const call = await beamCall()
 * await call.connect('files')
 */
export async function beamCall(options: { meeting?: boolean } = {}): Promise<BeamCall> {
  const settings = consoleSettings({ fileShare: { enabled: true }, capture: { enabled: true } })
  // Whether or not the fake server's authentication push comes, the settings are these.
  const page = await openCallPage('en', settings)
  receiveConsoleSettings(settings)
  const time = fakeClock()
  const customer = new BeamCustomer(page.socket)
  page.socket.answer('beamport:open', () => ok(null))
  page.socket.answer('capture:shot', () => ok(null))
  const uploads: BeamCall['uploads'] = []
  const restoreUploader = replaceUploader(
    (request) =>
      new Promise((resolve, reject) =>
        uploads.push({
          request,
          finish: ({ status, body }) =>
            // As the real uploader does: an `HttpError` with the status and the server's body.
            status < 300 ? resolve(body) : reject(new HttpError(status, 'upload', body)),
        }),
      ),
  )
  const peers = [{ id: customer.peerId, role: 'customer' as const, name: 'Carmen' }]
  const call = options.meeting ? meetingJoined({ peers }).appointment : joinedCall({ peers })
  if (options.meeting)
    page.socket.serverEmit('meeting:join', { ...meetingJoined({ peers }), appointment: call })
  else page.socket.serverEmit('join', call)
  await page.find('.side-menu')
  return {
    page,
    customer,
    time,
    callId: call.id,
    uploads,
    async connect(channel) {
      page.$<HTMLElement>(channel === 'files' ? '.menu-fileshare' : '.menu-capture')?.click()
      await time.tick(VIEW_SWITCH_DELAY_MS)
      ;(await page.find<HTMLElement>('.beamport-open')).click()
      await waitUntil(() => page.socket.sent.some((sent) => sent.event === 'beamport:open'))
      page.socket.serverEmit('beamport:create', { channel })
      await time.tick(BEAMPORT_CONNECT_DELAY_MS)
      await waitUntil(() => customer.connected(channel), `the ${channel} channel never connected`, {
        timeout: 10_000,
      })
      await page.find(`.beamport-state[data-phase="open"]`, 10_000)
    },
    close() {
      customer.close()
      restoreUploader()
      time.restore()
      page.close()
    },
  }
}

/** The bytes behind an object URL (read with XMLHttpRequest: the fake API owns `fetch`). */
export function readUrl(url: string): Promise<{ bytes: Uint8Array; type: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('GET', url)
    xhr.responseType = 'blob'
    xhr.onload = async () => {
      const blob = xhr.response as Blob
      resolve({ bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type })
    }
    xhr.onerror = () => reject(new Error(`cannot read ${url}`))
    xhr.send()
  })
}

/** Length and CRC-32 of bytes: what a test compares (a failed comparison prints two numbers, not megabytes). */
export function fingerprint(bytes: Uint8Array): string {
  return `${bytes.length} bytes, crc ${(CRC32.buf(bytes) >>> 0).toString(16)}`
}
