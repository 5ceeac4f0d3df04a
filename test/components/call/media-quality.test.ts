import { expect } from '@open-wc/testing'
import { MEDIA_STATS_INTERVAL_MS } from '../../../src/constants'
import type { MediaSample } from '../../../src/services/media-stats'
import { mediaConnection } from '../../../src/stores/call/call-media'
import { replaceSampleReader } from '../../../src/stores/call/media-quality'
import { resetIce } from '../../../src/stores/call/ice-config'
import { joinedCall, settle } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { frames, waitUntil } from '../../support/waits'
import { mediaSample } from '../../support/media-sample'

const CUSTOMER = 'customer:ffffffffffffffffffffffff'
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

/** The demo page's dark theme (demo/theme.css), as a host page sets it on the element. */
const DARK: Record<string, string> = {
  'color-scheme': 'dark',
  '--sl-color-neutral-0': 'var(--sl-color-gray-950)',
  '--sl-color-neutral-50': 'var(--sl-color-gray-900)',
  '--sl-color-neutral-100': 'var(--sl-color-gray-800)',
  '--sl-color-neutral-600': 'var(--sl-color-gray-300)',
  '--sl-color-neutral-700': 'var(--sl-color-gray-200)',
  '--sl-color-neutral-800': 'var(--sl-color-gray-100)',
  '--sl-color-neutral-900': 'var(--sl-color-gray-50)',
  '--sl-color-success-700': 'var(--sl-color-green-400)',
  '--sl-color-warning-700': 'var(--sl-color-amber-400)',
  '--sl-color-danger-700': 'var(--sl-color-red-400)',
}

describe('<agent-call-panel>: the media quality indicator', () => {
  let page: CallPage
  let time: FakeClock
  let restoreReader: () => void
  let seconds: MediaSample[]
  let answeredAt = 0

  beforeEach(async () => {
    page = await openCallPage()
    time = fakeClock()
    seconds = [mediaSample()]
    restoreReader = replaceSampleReader(async () => {
      const second = Math.floor((time.now() - answeredAt) / MEDIA_STATS_INTERVAL_MS)
      return seconds[Math.min(second, seconds.length - 1)]!
    })
  })
  afterEach(() => {
    restoreReader()
    time.restore()
    resetIce()
    page.close()
  })

  async function join(): Promise<HTMLElement> {
    answeredAt = time.now()
    page.socket.serverEmit(
      'join',
      joinedCall({ peers: [{ id: CUSTOMER, role: 'customer', name: 'Carmen' }] }),
    )
    await waitUntil(() => mediaConnection(CUSTOMER), 'no connection to the customer', { timeout: 8_000 })
    return page.find('.call-header .media-quality')
  }

  async function second(): Promise<void> {
    await time.tick(MEDIA_STATS_INTERVAL_MS)
    await settle(10)
  }

  const indicator = () => page.$('.media-quality')!
  const live = () => page.$('.media-quality-level')!

  it('says the level with its reason in a live region that changes only when they do, and the path beside it', async () => {
    const relayed = { candidateType: 'relay', relayProtocol: 'tcp' } as const
    seconds = [
      mediaSample(),
      mediaSample(),
      mediaSample({ rttMs: 700 }),
      mediaSample(),
      mediaSample(relayed),
      mediaSample({ ...relayed, jitterMs: 50 }),
      mediaSample({ ...relayed, jitterMs: 50 }),
      mediaSample({ ...relayed, jitterMs: 50 }),
      mediaSample({ ...relayed, jitterMs: 50 }),
      mediaSample({ ...relayed, jitterMs: 50 }),
    ]
    await join()
    expect(live().getAttribute('role')).to.equal('status')
    expect(text(live())).to.equal('Call quality: measuring…')
    expect(text(page.$('.media-quality-transport'))).to.equal('No media path yet')

    // What a screen reader would hear: every change to the live region's words, second by second.
    let changes = 0
    const observer = new MutationObserver(() => void changes++)
    const heard: string[] = []
    observer.observe(live(), { subtree: true, childList: true, characterData: true })
    for (let i = 1; i < seconds.length; i++) {
      const before = changes
      await second()
      // React renders the change within a frame or two.
      await frames()
      if (changes > before) heard.push(text(live()))
    }
    observer.disconnect()
    expect(heard).to.deep.equal([
      'Call quality: good',
      'Call quality: fair — the sound and image arrive unevenly (jitter)',
    ])
    expect(text(page.$('.media-quality-transport'))).to.equal('Through a relay server, over TCP')
    expect(indicator().dataset).to.include({
      level: 'fair',
      reason: 'jitter',
      transport: 'tcp',
      candidateType: 'relay',
      relayProtocol: 'tcp',
    })
  })

  it('reads as poor with its reason in Spanish and French too', async () => {
    page.close()
    for (const [lang, words] of [
      [
        'es',
        'Calidad de la llamada: mala — parte del sonido y la imagen se pierde por el camino (pérdida de paquetes)',
      ],
      [
        'fr',
        'Qualité de l’appel : faible — une partie du son et de l’image se perd en route (perte de paquets)',
      ],
    ] as const) {
      page = await openCallPage(lang)
      seconds = [mediaSample({ loss: 0.2 })]
      await join()
      await second()
      await waitUntil(() => text(live()) === words, `${lang}: ${text(live())}`)
      page.close()
    }
    page = await openCallPage()
  })

  for (const theme of ['light', 'dark'] as const)
    it(`passes axe at every level, in the ${theme} theme`, async () => {
      if (theme === 'dark')
        for (const [name, value] of Object.entries(DARK)) page.panel.style.setProperty(name, value)
      seconds = [mediaSample()]
      await join()
      for (const patch of [
        {},
        { rttMs: 400 },
        { loss: 0.2 },
        { candidateType: null },
      ] as Partial<MediaSample>[]) {
        seconds = [mediaSample(patch)]
        for (let i = 0; i < 3; i++) await second()
        await expect(page.$('.call-header')).to.be.accessible()
      }
    })
})
