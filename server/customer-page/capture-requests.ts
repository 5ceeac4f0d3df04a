import type { CustomerTransfers } from './file-transfer'
import { t } from './i18n'
import { ScreenCapture, type CaptureRefusal } from './screen-capture'
import { byId } from './view'

/**
 * The agent's requests for a capture of the customer's screen (`capture:shot`): the first one asks the
 * customer (a prompt with a button, since the browser asks for the screen only after a click); later
 * ones capture the kept screen at once. Each capture goes to the agent who asked, on the capture
 * channel, and the customer is told it was taken. A refusal is reported to the agent.
 */
export class CaptureRequests {
  readonly #screen = new ScreenCapture()
  /** Agents waiting for the customer's answer to the prompt. */
  #asking = new Set<string | undefined>()

  constructor(
    private readonly transfers: CustomerTransfers,
    private readonly onSent: () => void,
  ) {
    byId('capture-allow').addEventListener('click', () => void this.#allow())
    byId('capture-refuse').addEventListener('click', () => this.#refuse('denied'))
  }

  /** An agent asks for a capture. */
  asked(from: string | undefined): void {
    if (this.#screen.sharing) return void this.#capture(from)
    this.#asking.add(from)
    byId('capture-prompt').hidden = false
    byId('capture-allow').focus()
  }

  async #allow(): Promise<void> {
    try {
      await this.#screen.share()
    } catch (reason) {
      return this.#refuse(reason as CaptureRefusal)
    }
    const asking = this.#takeAsking()
    for (const from of asking) await this.#capture(from)
  }

  #refuse(reason: CaptureRefusal): void {
    for (const from of this.#takeAsking()) this.transfers.captureRefused(from, reason)
    this.#notice(t(reason === 'denied' ? 'customerPage.capture.denied' : 'customerPage.capture.failed'))
  }

  #takeAsking(): (string | undefined)[] {
    const asking = [...this.#asking]
    this.#asking = new Set()
    byId('capture-prompt').hidden = true
    return asking
  }

  async #capture(from: string | undefined): Promise<void> {
    let image: Blob
    try {
      image = await this.#screen.grab()
    } catch {
      return this.transfers.captureRefused(from, 'failed')
    }
    const at = new Date()
    const name = `screen-${at.toISOString().replace(/[:.]/g, '-')}.png`
    if (!this.transfers.sendCapture(from, image, name)) return
    this.onSent()
    this.#notice(t('customerPage.capture.taken', { at }))
  }

  #notice(text: string): void {
    const notice = byId('capture-notice')
    notice.textContent = text
    notice.hidden = false
  }

  /** The call is over: the screen is no longer shared. */
  close(): void {
    this.#screen.stop()
    this.#asking = new Set()
    byId('capture-prompt').hidden = true
  }
}
