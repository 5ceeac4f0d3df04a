import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import { CAPTURE_ANSWER_TIMEOUT_MS, CAPTURE_LOCK_MS } from '../../../src/constants'
import { $captures } from '../../../src/stores/call/capture'
import { resetSettings } from '../../../src/stores/profile/settings'
import { beamCall, fingerprint, readUrl, type BeamCall } from '../../support/beam-call'
import { patternBytes } from '../../support/memory-channel'

const until = (check: () => unknown, what = 'the condition') => waitUntil(check, what, { timeout: 5_000 })
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

/** A small PNG (the customer's page sends real captures; its bytes matter less than its type here). */
async function screenImage(): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = 64
  canvas.height = 40
  const context = canvas.getContext('2d') as CanvasRenderingContext2D
  context.fillStyle = '#0a7'
  context.fillRect(0, 0, 64, 40)
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob as Blob), 'image/png'))
}

describe('<agent-call-panel> capture view', () => {
  let call: BeamCall
  beforeEach(async () => {
    call = await beamCall()
  })
  afterEach(() => {
    call.close()
    resetSettings()
  })

  const shot = () => call.page.$<HTMLButtonElement>('.capture-shot')
  /** Whether the button says it is locked (aria-disabled: it keeps the focus while locked). */
  const locked = () => shot()?.getAttribute('aria-disabled') === 'true'
  const shots = () => call.page.socket.sent.filter((sent) => sent.event === 'capture:shot')
  const toasts = () =>
    [...(call.page.$('.toast-stack')?.querySelectorAll('.toast') ?? [])].map((toast) => text(toast))
  /** The customer's page answers the shot with an image on the capture channel. */
  const answer = async (id: string) =>
    call.customer.exchange('capture').send(await screenImage(), id, `screen-${id}.png`)

  it("asks for a capture with 'Capture', locks the button 1 s after each shot, and shows the gallery", async () => {
    const { time } = call
    await call.connect('capture')
    expect(text(shot())).to.equal('Capture')
    expect(locked()).to.equal(false)

    shot()?.click()
    expect(shots()).to.have.length(1)
    await until(locked, 'not locked')
    expect(text(call.page.$('.capture-waiting'))).to.equal('Waiting for the customer…')
    await answer('one')
    await until(() => call.page.$('.capture-card[data-id="one"][data-state="received"] img'), 'no capture')
    await time.tick(CAPTURE_LOCK_MS - 1)
    expect(locked(), 'still locked before 1 s').to.equal(true)
    shot()?.click()
    expect(shots()).to.have.length(1)
    await time.tick(1)
    await until(() => !locked(), 'never unlocked')

    shot()?.click()
    expect(shots()).to.have.length(2)
    await answer('two')
    await until(() => $captures.get().filter((item) => item.state === 'received').length === 2, 'no second')
    const card = call.page.$('.capture-card[data-id="two"]')
    expect(text(card?.querySelector('.capture-time'))).to.match(/^Taken at \d\d:\d\d:\d\d/)
    const image = card?.querySelector<HTMLImageElement>('img') as HTMLImageElement
    await until(() => image.complete && image.naturalWidth === 64, 'the thumbnail never loaded')
    expect(image.alt).to.match(/^Capture of the customer's screen taken at/)
    await expect(call.page.panel).to.be.accessible()
  })

  it('keeps the keyboard focus on the button through each shot, and Enter while locked asks nothing', async () => {
    const { time } = call
    await call.connect('capture')
    const button = shot()!
    button.focus()
    await sendKeys({ press: 'Enter' })
    expect(shots()).to.have.length(1)
    await until(locked, 'not locked')
    await until(() => call.page.$('.capture-shot sl-spinner'), 'no spinner while the customer decides')
    expect(call.page.panel.shadowRoot!.activeElement === button, 'the focus left Capture').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(shots()).to.have.length(1)
    await answer('one')
    await until(() => call.page.$('.capture-card[data-id="one"][data-state="received"]'), 'no capture')
    await time.tick(CAPTURE_LOCK_MS)
    await until(() => !locked(), 'never unlocked')
    expect(call.page.panel.shadowRoot!.activeElement === button, 'the focus left Capture').to.equal(true)
    await sendKeys({ press: 'Enter' })
    expect(shots()).to.have.length(2)
    // Deleting the capture by keyboard leaves the focus on "Capture", not on the page.
    call.page.$<HTMLElement>('.capture-card[data-id="one"] .file-delete')!.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => call.page.$('.capture-card[data-id="one"][data-state="deleted"]'), 'not deleted')
    await until(() => call.page.panel.shadowRoot!.activeElement === button, 'the focus left the gallery')
  })

  it('previews a capture full size, downloads and saves it like a file', async () => {
    const { page, uploads } = call
    page.api.route('POST', '/api/files/authorization', {
      status: 200,
      body: { accessToken: 'file-token', expiresAt: new Date(Date.now() + 600_000).toISOString() },
    })
    await call.connect('capture')
    shot()?.click()
    await answer('one')
    const card = await page.find('.capture-card[data-id="one"][data-state="received"]')
    card.querySelector<HTMLElement>('.capture-thumb')?.click()
    const full = await page.find<HTMLImageElement>('.file-preview-dialog .preview-image')
    await until(() => full.complete && full.naturalWidth === 64, 'the preview never loaded')

    const download = card.querySelector('.file-download') as HTMLElement & { href: string; download: string }
    expect(download.download).to.equal('screen-one.png')
    expect(fingerprint((await readUrl(download.href)).bytes)).to.equal(
      fingerprint(new Uint8Array(await (await screenImage()).arrayBuffer())),
    )
    card.querySelector<HTMLElement>('.file-save')?.click()
    await until(() => uploads.length === 1, 'no upload')
    expect(page.api.to('/api/files/authorization')[0]?.body).to.include({
      type: 'image/png',
      extension: 'png',
      call: call.callId,
    })
  })

  it('tells the agent when the customer refuses to share the screen, and unlocks the button', async () => {
    const { time } = call
    await call.connect('capture')
    shot()?.click()
    await until(locked, 'not locked')
    call.customer.exchange('capture').post({ t: 'capture:error', reason: 'denied' })
    await until(() => toasts().some((t) => t.includes('The customer refused to share their screen.')))
    await time.tick(CAPTURE_LOCK_MS)
    await until(() => !locked(), 'never unlocked')
    expect($captures.get()).to.have.length(0)
  })

  it('says a capture asked for with the link down was not sent, not that the customer failed', async () => {
    await call.connect('capture')
    // The realtime link is down: the request never leaves the console (the capture channel, peer to peer, stays).
    call.page.socket.connected = false
    shot()?.click()
    await until(() => toasts().some((t) => t.includes('the console is not connected to the server')))
    expect(toasts().join(' ')).not.to.contain('could not be captured')
    await until(() => !call.page.$('.capture-waiting'), 'still waiting for the customer')
  })

  it('unlocks with a note when the customer never answers', async () => {
    const { time } = call
    await call.connect('capture')
    shot()?.click()
    await time.tick(CAPTURE_LOCK_MS)
    expect(locked(), 'locked while the customer decides').to.equal(true)
    await time.tick(CAPTURE_ANSWER_TIMEOUT_MS - CAPTURE_LOCK_MS)
    await until(() => !locked(), 'never unlocked')
    expect(toasts().join(' ')).to.contain('The customer did not answer the capture request.')
  })

  it('keeps the button off until the capture channel is open, and big captures show progress', async () => {
    const { page, customer } = call
    page.$<HTMLElement>('.menu-capture')?.click()
    await call.time.tick(500)
    await page.find('.beamport-open')
    expect(shot()).to.equal(null)
    await call.connect('capture')
    shot()?.click()
    customer.hold()
    customer
      .exchange('capture')
      .send(new File([patternBytes(3_000_000)], 'big.png', { type: 'image/png' }), 'big', 'big.png')
    await page.find('.capture-card[data-id="big"][data-state="receiving"] .transfer-progress')
    customer.release()
    await page.find('.capture-card[data-id="big"][data-state="received"]', 10_000)
  })
})
