import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import NotificationsPage from '../../../src/components/profile/NotificationsPage'
import { BottomMenu } from '../../../src/components/shell/BottomMenu'
import type { Notification, NotificationsUpdate } from '../../../src/protocol'
import { $notifications, $unreadCount, receiveNotifications } from '../../../src/stores/profile/notifications'
import { fakeApi, offline, onlineSocket, type FakeRequest } from '../../support/calendar-fixtures'
import { ok } from '../../support/call-fixtures'
import type { FakeSocket } from '../../support/fake-socket'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { page } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

function notification(index: number, read = false): Notification {
  return {
    id: String(index).padStart(24, '0'),
    kind: index % 2 ? 'announcement' : 'system',
    title: `Notice ${index}`,
    body: `Body ${index}`,
    data: null,
    createdAt: new Date(Date.parse('2026-11-23T12:00:00Z') - index * 60_000).toISOString(),
    readAt: read ? '2026-11-23T12:30:00.000Z' : null,
  }
}

describe('Notifications page and badge', () => {
  let time: FakeClock
  let area: RenderedArea
  let menu: RenderedArea | undefined
  let socket: FakeSocket
  let requests: FakeRequest[]
  let stored: Notification[]

  const update = (): NotificationsUpdate => ({
    notifications: stored.slice(0, 50),
    total: stored.length,
    unread: stored.filter((item) => item.readAt === null).length,
  })

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    signIn(time.now())
    stored = Array.from({ length: 12 }, (_, index) => notification(index + 1, index >= 3))
    requests = fakeApi((request) => {
      const skip = Number(request.query.get('$skip') ?? 0)
      return { body: page(stored.slice(skip, skip + 10), { total: stored.length, skip }) }
    }).requests
    socket = onlineSocket()
    socket.answer('notifications:read', (payload) => {
      const ids = (payload as { ids?: string[] }).ids
      stored = stored.map((item) =>
        !ids || ids.includes(item.id) ? { ...item, readAt: item.readAt ?? '2026-11-23T15:00:00.000Z' } : item,
      )
      return ok(update())
    })
    receiveNotifications(update())
  })
  afterEach(() => {
    area?.unmount()
    menu?.unmount()
    menu = undefined
    offline()
    resetSession()
    time.restore()
  })

  const items = () => [...area.shadow.querySelectorAll('.notification-list li')]

  it('lists them newest first, ten a page, with the unread marked', async () => {
    area = await renderArea(<NotificationsPage />)
    await waitUntil(() => items().length === 10, 'no list')
    expect(items()[0]?.textContent).to.contain('Notice 1').and.contain('Unread').and.contain('Announcement')
    expect(items().map((item) => item.getAttribute('data-unread'))).to.deep.equal([
      'true',
      'true',
      'true',
      ...Array(7).fill('false'),
    ])
    expect(requests[0]?.query.get('$limit')).to.equal('10')
    ;[...area.shadow.querySelectorAll<HTMLButtonElement>('.pager button')][1]!.click()
    await waitUntil(() => items().length === 2, 'no second page')
    expect(items()[0]?.textContent).to.contain('Notice 11')
  })

  it('marks one read on the server and the badge follows at once', async () => {
    menu = await renderArea(<BottomMenu />)
    const badge = () => menu!.shadow.querySelector('.badge')?.textContent
    await waitUntil(() => badge() === '3')
    area = await renderArea(<NotificationsPage />)
    await waitUntil(() => items().length === 10)
    items()[1]!.querySelector<HTMLButtonElement>('.mark-one')!.click()
    await waitUntil(() => $unreadCount.get() === 2, 'the count did not follow')
    expect(
      socket.sent.filter((sent) => sent.event === 'notifications:read').map((sent) => sent.payload),
    ).to.deep.equal([{ ids: [notification(2).id] }])
    await waitUntil(() => badge() === '2', 'the badge did not follow')
    await waitUntil(() => items()[1]?.getAttribute('data-unread') === 'false', 'the list did not follow')
  })

  it('marks all read: the badge goes away', async () => {
    menu = await renderArea(<BottomMenu />)
    area = await renderArea(<NotificationsPage />)
    await waitUntil(() => items().length === 10)
    area.shadow.querySelector<HTMLButtonElement>('.mark-all')!.click()
    await waitUntil(() => $unreadCount.get() === 0, 'still unread')
    await waitUntil(() => menu!.shadow.querySelector('.badge') === null, 'the badge stayed')
    await waitUntil(() => area.shadow.querySelector('.mark-all') === null)
    expect(socket.sent.find((sent) => sent.event === 'notifications:read')?.payload).to.deep.equal({})
  })

  it('says so when marking fails, and shows the empty and error states', async () => {
    socket.answer('notifications:read', () => ({ ok: false, error: { code: 500, message: 'down' } }))
    area = await renderArea(<NotificationsPage />)
    await waitUntil(() => items().length === 10)
    area.shadow.querySelector<HTMLButtonElement>('.mark-all')!.click()
    await waitUntil(() => area.text().includes('could not be marked as read'), 'no failure')
    expect($unreadCount.get()).to.equal(3)
    area.unmount()
    stored = []
    area = await renderArea(<NotificationsPage />)
    await waitUntil(() => area.text().includes('You have no notifications.'), 'no empty state')
  })

  it('follows an update heard by the tab that holds the link (another tab of the browser)', async () => {
    const otherTab = new BroadcastChannel('agent-console:notifications')
    const next = { ...update(), unread: 7 }
    otherTab.postMessage({ type: 'update', update: next })
    await waitUntil(() => $unreadCount.get() === 7, 'the update of the other tab was not kept')
    // Something malformed from another tab changes nothing.
    otherTab.postMessage({ type: 'update', update: { unread: 'many' } })
    const asked = new Promise((resolve) => (otherTab.onmessage = (event) => resolve(event.data)))
    otherTab.postMessage({ type: 'ask' })
    const answer = (await asked) as { type: string; update: NotificationsUpdate }
    expect(answer.type).to.equal('update')
    expect(answer.update.unread).to.equal(7)
    expect($notifications.get().unread).to.equal(7)
    otherTab.close()
  })
})
