import { expect } from '@open-wc/testing'
import { ACTIVE_TAB_LOCK } from '../../src/services/tab-lock'
import { connectRealtime } from '../../src/stores/session/realtime-session'
import { $link } from '../../src/stores/session/link-state'
import { $tabRole } from '../../src/stores/app/tab-role'
import { $toasts } from '../../src/stores/app/toasts'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { acceptAuthentication, fakeRealtime, resetSession, signIn } from '../support/session'
import { SETTINGS } from '../support/settings-fixture'
import { within, waitUntil } from '../support/waits'

describe('one console tab per browser holds the link', () => {
  let time: FakeClock
  let server: FakeApi

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    signIn(time.now())
  })
  afterEach(() => {
    resetSession()
    server.restore()
    time.restore()
  })

  it('waits while another tab is the active one, says so, and connects when that tab closes', async () => {
    // Another tab of this browser holds the active-tab lock (a lock held here stands for it).
    let closeOtherTab!: () => void
    const otherTabHolds = new Promise<void>((granted) => {
      void navigator.locks.request(ACTIVE_TAB_LOCK, () => {
        granted()
        return new Promise<void>((release) => (closeOtherTab = release))
      })
    })
    await within(otherTabHolds, 2_000, 'the other tab taking the lock')
    const { socket } = fakeRealtime()
    acceptAuthentication(socket(), SETTINGS)

    connectRealtime()

    await waitUntil(() => $tabRole.get() === 'elsewhere', 'this tab did not see the other one')
    await waitUntil(() => $toasts.get().some((toast) => toast.messageId === 'call.tab.elsewhere'))
    expect(socket().sent.filter((message) => message.event === 'authenticate')).to.have.length(0)
    expect($link.get().state).to.equal('idle')

    closeOtherTab()

    await waitUntil(() => $link.get().state === 'online', 'did not connect once the other tab closed')
    expect($toasts.get().some((toast) => toast.messageId === 'call.tab.elsewhere')).to.equal(false)
  })
})
