import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import SessionsPage from '../../../src/components/profile/SessionsPage'
import { clearTokens } from '../../../src/stores/session/tokens'
import { fakeApi, type FakeApi } from '../../support/fake-api'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { signIn } from '../../support/session'
import type { ActiveSession } from '../../../src/protocol'

const CURRENT: ActiveSession = {
  id: 'a00000000000000000000001',
  device: { browser: 'Chrome 120', os: 'Windows 10', userAgent: 'Mozilla/5.0 … Chrome/120.0.0.0' },
  address: '198.51.100.7',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-02T14:30:00.000Z',
  current: true,
}
const PHONE: ActiveSession = {
  id: 'a00000000000000000000002',
  device: { browser: 'Safari 17', os: 'iOS 17.1', userAgent: 'Mozilla/5.0 (iPhone …)' },
  address: '203.0.113.9',
  createdAt: '2026-02-27T08:00:00.000Z',
  lastUsedAt: '2026-02-28T18:05:00.000Z',
  current: false,
}
const ODD: ActiveSession = {
  id: 'a00000000000000000000003',
  device: { browser: null, os: null, userAgent: 'curl/8.0' },
  address: null,
  createdAt: '2026-02-20T08:00:00.000Z',
  lastUsedAt: null,
  current: false,
}

describe('<SessionsPage> /profile/sessions', () => {
  let server: FakeApi
  let time: FakeClock
  let page: RenderedArea | undefined
  let listed: ActiveSession[]

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    signIn(Date.now())
    listed = [CURRENT, PHONE, ODD]
    server.route('GET', '/api/auth/sessions', () => ({ status: 200, body: { sessions: listed } }))
  })
  afterEach(() => {
    page?.unmount()
    page = undefined
    server.restore()
    time.restore()
    clearTokens()
  })

  const $ = <T extends Element>(selector: string) => page!.shadow.querySelector<T>(selector)
  const items = () => [...page!.shadow.querySelectorAll<HTMLLIElement>('.session-list > li')]
  const text = (element: Element | null | undefined) =>
    element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
  const endButtonOf = (id: string) => $<HTMLButtonElement>(`li[data-id="${id}"] button.end-session`)
  const until = (check: () => unknown, what: string) => waitUntil(check, what, { timeout: 5_000 })

  async function open() {
    page = await renderArea(<SessionsPage />)
    await until(() => items().length > 0, 'the sessions did not load')
  }

  it('lists each session with its device in words, address and last use, and "This device" on the agent’s own', async () => {
    await open()
    expect(text($('h2'))).to.equal('Sessions')
    expect(items().map((item) => text(item.querySelector('.device')))).to.deep.equal([
      'Chrome 120 on Windows 10',
      'Safari 17 on iOS 17.1',
      'curl/8.0',
    ])
    const [mine, phone, odd] = items()
    expect(text(mine!.querySelector('.tag'))).to.equal('This device')
    expect(mine!.querySelector('button')).to.equal(null)
    expect(text(phone!.querySelector('.address'))).to.equal('203.0.113.9')
    expect(text(phone!.querySelector('.last-used'))).to.equal(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(PHONE.lastUsedAt!),
      ),
    )
    expect(text(odd!.querySelector('.address'))).to.equal('Unknown')
    // Each "End session" button is described by the device it ends.
    const end = endButtonOf(PHONE.id)!
    expect(text(end)).to.equal('End session')
    expect(text(page!.shadow.getElementById(end.getAttribute('aria-describedby')!))).to.equal(
      'Safari 17 on iOS 17.1',
    )
    expect(text($('button.end-others'))).to.equal('End all other sessions')
    await expect($('.sessions-page')).to.be.accessible()
  })

  it('ends one session: the server is asked, the list reloads without it, and the keyboard goes to the title', async () => {
    await open()
    server.route('DELETE', `/api/auth/sessions/${PHONE.id}`, () => {
      listed = [CURRENT, ODD]
      return { status: 200, body: { ok: true } }
    })
    endButtonOf(PHONE.id)!.focus()
    endButtonOf(PHONE.id)!.click()
    await until(() => items().length === 2, 'the list did not reload')
    expect(server.to(`/api/auth/sessions/${PHONE.id}`)).to.have.length(1)
    expect(server.to(`/api/auth/sessions/${PHONE.id}`)[0]!.method).to.equal('DELETE')
    expect(text($('[role="status"].sessions-status'))).to.equal(
      '1 session ended: that browser is signed out.',
    )
    expect(page!.shadow.activeElement?.id).to.equal('page-title')
    await expect($('.sessions-page')).to.be.accessible()
  })

  it('ends every other session at once and keeps the agent’s own', async () => {
    await open()
    server.route('POST', '/api/auth/sessions/end-others', () => {
      listed = [CURRENT]
      return { status: 200, body: { ended: 2 } }
    })
    $<HTMLButtonElement>('button.end-others')!.click()
    await until(() => items().length === 1, 'the list did not reload')
    expect(server.to('/api/auth/sessions/end-others')).to.have.length(1)
    expect(text($('.sessions-status'))).to.equal('2 sessions ended: those browsers are signed out.')
    expect($('button.end-others')).to.equal(null)
    expect(text(items()[0]!.querySelector('.tag'))).to.equal('This device')
    expect(page!.shadow.activeElement?.id).to.equal('page-title')
  })

  it('says in words when ending fails, and keeps the list and the button', async () => {
    await open()
    server.route('DELETE', `/api/auth/sessions/${PHONE.id}`, {
      status: 500,
      body: { code: 500, message: 'Internal error' },
    })
    endButtonOf(PHONE.id)!.click()
    await until(() => $('[role="alert"]'), 'no failure message')
    expect(text($('[role="alert"]'))).to.equal(
      'The session could not be ended. Check your connection and try again.',
    )
    expect(items()).to.have.length(3)
    expect(endButtonOf(PHONE.id)!.disabled).to.equal(false)
    await expect($('.sessions-page')).to.be.accessible()
  })

  it('says so when the list cannot be read, and reads it again on retry', async () => {
    server.route('GET', '/api/auth/sessions', { status: 500, body: { code: 500, message: 'Internal error' } })
    page = await renderArea(<SessionsPage />)
    await until(() => $('[role="alert"]'), 'no failure message')
    expect(text($('[role="alert"] p'))).to.equal('Your sessions could not be loaded.')
    server.route('GET', '/api/auth/sessions', { status: 200, body: { sessions: [CURRENT] } })
    ;[...page.shadow.querySelectorAll<HTMLButtonElement>('[role="alert"] button')]
      .find((button) => text(button) === 'Try again')!
      .click()
    await until(() => items().length === 1, 'the retry did not load the list')
  })
})
