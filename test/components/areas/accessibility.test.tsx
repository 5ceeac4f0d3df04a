import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import axe from 'axe-core'
import type { ReactNode } from 'react'
import HistoryPage from '../../../src/components/history/HistoryPage'
import CallDetailPage from '../../../src/components/history/CallDetailPage'
import UtilitiesPage from '../../../src/components/utilities/UtilitiesPage'
import ProfilePage from '../../../src/components/pages/ProfilePage'
import NotificationsPage from '../../../src/components/profile/NotificationsPage'
import SettingsPage from '../../../src/components/profile/SettingsPage'
import AnnouncementsPage from '../../../src/components/profile/AnnouncementsPage'
import MetricsPage from '../../../src/components/profile/MetricsPage'
import { BottomMenu } from '../../../src/components/shell/BottomMenu'
import { navigate } from '../../../src/stores/shell/router'
import { setTokens } from '../../../src/stores/session/tokens'
import { receiveUser } from '../../../src/stores/session/session'
import { loadUserSettings } from '../../../src/stores/profile/settings'
import { setInCall, resetActivity } from '../../../src/stores/status/activity'
import { fakeApi, offline, onlineSocket, tokenFor } from '../../support/calendar-fixtures'
import { announcementPage, historyDetail, historyItem, metricsOf, page } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession } from '../../support/session'

const USER_ID = 'd'.repeat(24)
const SALES = { id: 'a'.repeat(24), name: 'Sales' }
const detail = historyDetail()

/** Critical and serious axe violations of a rendered view (id and the offending nodes). */
async function seriousViolations(area: RenderedArea) {
  const results = await axe.run(area.host, { resultTypes: ['violations'] })
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }))
}

describe('the agent’s pages have no critical or serious accessibility violations', () => {
  let area: RenderedArea | undefined

  beforeEach(() => {
    setTokens({ accessToken: tokenFor(USER_ID), refreshToken: 'R1', remember: false })
    receiveUser({
      id: USER_ID,
      firstname: 'Ana',
      lastname: 'A',
      segments: [SALES.id],
      callId: null,
      appointmentId: null,
    })
    onlineSocket()
    fakeApi((request) => {
      if (request.path === '/calls')
        return { body: page([historyItem(), historyItem({ outcome: 'missed' })]) }
      if (request.path.startsWith('/calls/')) return { body: detail }
      if (request.path === '/segments') return { body: page([SALES]) }
      if (request.path === '/personal-link')
        return {
          body: {
            link: {
              url: 'http://localhost/customer.html?link=abcdefgh1234',
              code: 'abcdefgh1234',
              segment: SALES,
              createdAt: detail.startedAt,
            },
          },
        }
      if (request.path === `/users/${USER_ID}`)
        return {
          body: {
            id: USER_ID,
            firstname: 'Ana',
            lastname: 'A',
            email: 'ana@demo.test',
            level: 5,
            account: { _id: 'c'.repeat(24), name: 'Demo Co' },
            timezone: 'UTC',
            twoFactorEnabled: false,
          },
        }
      if (request.path === '/notifications')
        return {
          body: page([
            {
              id: '9'.repeat(24),
              kind: 'system',
              title: 'Notice',
              body: 'Body',
              data: null,
              createdAt: detail.startedAt,
              readAt: null,
            },
          ]),
        }
      if (request.path === '/user/settings')
        return { body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } } }
      if (request.path === '/announcements') return { body: announcementPage(1) }
      if (request.path === '/metrics') return { body: metricsOf() }
      return { status: 404, body: { code: 404, message: 'Not found' } }
    })
  })
  afterEach(() => {
    area?.unmount()
    area = undefined
    resetActivity()
    offline()
    resetSession()
  })

  const cases: [string, () => ReactNode, string][] = [
    ['history', () => <HistoryPage />, '.history-table'],
    ['a call', () => <CallDetailPage />, '[data-section="chat"]'],
    ['utilities', () => <UtilitiesPage />, '.link-url'],
    ['profile', () => <ProfilePage route="profile" />, '.profile-email'],
    ['notifications', () => <NotificationsPage />, '.notification-list'],
    ['settings', () => <SettingsPage />, '.ringtone-list'],
    ['announcements', () => <AnnouncementsPage />, '.announcement-list'],
    ['metrics', () => <MetricsPage />, 'canvas'],
  ]
  for (const [name, view, ready] of cases)
    it(name, async () => {
      navigate(`/history/${detail.id}`)
      await loadUserSettings()
      area = await renderArea(view())
      await waitUntil(() => area?.shadow.querySelector(ready), `${name} did not render`, { timeout: 8_000 })
      const found = await seriousViolations(area)
      if (found.length) console.log(name, JSON.stringify(found))
      expect(found).to.deep.equal([])
    })

  it('the bottom menu, disabled with its reason', async () => {
    setInCall(true)
    area = await renderArea(<BottomMenu />)
    await waitUntil(() => area?.shadow.querySelector('.menu-tooltip'))
    expect(await seriousViolations(area)).to.deep.equal([])
  })
})
