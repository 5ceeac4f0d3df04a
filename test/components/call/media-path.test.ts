import { expect } from '@open-wc/testing'
import {
  BEAMPORT_CONNECT_DELAY_MS,
  ICE_RESTART_RETRY_MS,
  MEDIA_CONNECT_TIMEOUT_MS,
} from '../../../src/constants'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { mediaConnection } from '../../../src/stores/call/call-media'
import { setMediaPath } from '../../../src/stores/call/media-path'
import { resetIce } from '../../../src/stores/call/ice-config'
import { consoleSettings, joinedCall, ok } from '../../support/call-fixtures'
import { openCallPage, type CallPage } from '../../support/call-page'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { MediaCustomer } from '../../support/media-customer'
import { BeamCustomer } from '../../support/beam-customer'
import { waitUntil } from '../../support/waits'

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim()

describe('<agent-call-panel>: where the media path stands', () => {
  let page: CallPage
  let time: FakeClock
  let customer: MediaCustomer

  beforeEach(async () => {
    page = await openCallPage()
    receiveConsoleSettings(consoleSettings({ fileShare: { enabled: true } }))
    time = fakeClock()
    customer = new MediaCustomer(page.socket)
    await customer.ready()
  })
  afterEach(() => {
    customer.close()
    time.restore()
    resetSettings()
    resetIce()
    page.close()
  })

  async function join(): Promise<void> {
    page.socket.serverEmit(
      'join',
      joinedCall({ peers: [{ id: customer.peerId, role: 'customer', name: 'Carmen' }] }),
    )
    await page.find('.call-area')
    await waitUntil(() => mediaConnection(customer.peerId), 'no connection to the customer', {
      timeout: 8_000,
    })
  }

  const notice = () => page.$('.main-video .media-path')

  it('says why the video could not connect when no path is found in time, and nothing once it connects', async function () {
    this.timeout(30_000)
    // Nothing the console sends reaches the customer: no path between the two networks.
    customer.refuse = true
    await join()
    await time.tick(MEDIA_CONNECT_TIMEOUT_MS - 1)
    expect(notice()).to.equal(null)
    await time.tick(1)
    const failed = await page.find('.main-video .media-path[data-state="failed"]')
    expect(text(failed)).to.equal(
      'The video could not connect: the network between you and Carmen blocks it. Still trying. If this keeps happening, ask your administrator to set up a TURN server (a relay for calls).',
    )
    expect(failed.dataset.peerId).to.equal(customer.peerId)
    // Inside a live region that was there before: a screen reader hears it as it comes.
    expect(failed.parentElement?.getAttribute('role')).to.equal('status')
    await expect(page.$('.main-video')).to.be.accessible()

    // A path opens (the network changed): the console's next try connects, and the words go.
    customer.refuse = false
    await time.tick(ICE_RESTART_RETRY_MS)
    await waitUntil(() => !notice(), 'the failure was still said once the media connected', {
      timeout: 15_000,
    })
    await waitUntil(() => customer.received, 'the agent’s media never reached the customer', {
      timeout: 10_000,
    })
  })

  it('says "Reconnecting media…" while a path is being restored, then nothing once it is back', async () => {
    // The connection's own states stay out of it: the test says where the path stands.
    customer.refuse = true
    await join()
    const region = page.$('.main-video .media-path-region')
    expect(region?.getAttribute('role')).to.equal('status')
    expect(text(region)).to.equal('')
    setMediaPath(customer.peerId, 'connected')
    setMediaPath(customer.peerId, 'reconnecting')
    await waitUntil(() => text(notice()) === 'Reconnecting media…', 'no reconnecting message')
    // The same region says it: no element comes or goes for the screen reader to miss.
    expect(page.$('.main-video .media-path-region')).to.equal(region)
    setMediaPath(customer.peerId, 'connected')
    await waitUntil(() => !notice(), 'the reconnecting message stayed')
  })

  it('says "Reconnecting media…" when a customer whose media had come connects again, not for a newcomer', async () => {
    customer.refuse = true
    await join()
    const carmen = { id: customer.peerId, role: 'customer' as const, name: 'Carmen' }
    setMediaPath(customer.peerId, 'connected')
    // A network change took the customer's socket too: they come back and start a new connection.
    page.socket.serverEmit('peer:join', { peer: carmen })
    await waitUntil(() => text(notice()) === 'Reconnecting media…', 'no reconnecting message on a reconnect')
    setMediaPath(customer.peerId, 'connected')
    await waitUntil(() => !notice(), 'the reconnecting message stayed')
    // Someone who left and comes back later is new again: nothing to say while it connects.
    page.socket.serverEmit('peer:leave', { peerId: customer.peerId })
    page.socket.serverEmit('peer:join', { peer: carmen })
    await waitUntil(() => !notice() && page.$('.main-video'), 'the tile of the customer who came back')
    expect(notice()).to.equal(null)
  })

  it('says so in the files view when the file channel finds no path to the customer', async function () {
    this.timeout(20_000)
    const files = new BeamCustomer(page.socket, customer.peerId)
    files.refuse = true
    page.socket.answer('beamport:open', () => ok(null))
    try {
      await join()
      page.socket.serverEmit('beamport:create', { channel: 'files' })
      await time.tick(BEAMPORT_CONNECT_DELAY_MS)
      await page.find('.beamport-state[data-phase="waiting"]')
      await time.tick(MEDIA_CONNECT_TIMEOUT_MS)
      const state = await page.find('.beamport-state[data-phase="unreachable"]')
      expect(text(state)).to.contain('the network between you blocks the connection')
      expect(text(state)).to.contain('TURN server')
    } finally {
      files.close()
    }
  })
})
