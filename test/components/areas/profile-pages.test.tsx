import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import ProfilePage from '../../../src/components/pages/ProfilePage'
import SettingsPage from '../../../src/components/profile/SettingsPage'
import AnnouncementsPage from '../../../src/components/profile/AnnouncementsPage'
import { RINGTONES } from '../../../src/constants'
import type { UserSettings } from '../../../src/protocol'
import { setTokens } from '../../../src/stores/session/tokens'
import { $path } from '../../../src/stores/shell/router'
import { receiveNotifications } from '../../../src/stores/profile/notifications'
import { $announcementsUnread, receiveAnnouncement } from '../../../src/stores/profile/announcements'
import {
  $ringingTone,
  $ringtoneVolume,
  startRingtone,
  stopRingtone,
} from '../../../src/stores/profile/ringtone'
import { loadUserSettings } from '../../../src/stores/profile/settings'
import { $toasts } from '../../../src/stores/app/toasts'
import { configure } from '../../../src/stores/app/config'
import { fakeApi, tokenFor, type FakeRequest, type FakeResponse } from '../../support/calendar-fixtures'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { AREA_USER, announcementPage } from '../../support/areas-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession } from '../../support/session'

const USER = AREA_USER
const USER_ID = USER.id

describe('Profile pages', () => {
  let time: FakeClock
  let area: RenderedArea
  let requests: FakeRequest[]
  let handle: Record<string, (request: FakeRequest) => FakeResponse | Promise<FakeResponse>>
  let settings: UserSettings

  beforeEach(() => {
    time = fakeClock(Date.parse('2026-11-23T15:00:00Z'))
    setTokens({ accessToken: tokenFor(USER_ID), refreshToken: 'R1', remember: false })
    settings = { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } }
    handle = {
      [`GET /users/${USER_ID}`]: () => ({ body: USER }),
      'GET /user/settings': () => ({ body: settings }),
      'PATCH /user/settings': (request) => {
        settings = { ...settings, ...(request.body as Partial<UserSettings>) }
        return { body: settings }
      },
      'GET /external-apps/feedback/sso': () => ({
        body: { ssoToken: 'a.b.c', url: 'http://localhost:9/feedback.html' },
      }),
      'GET /announcements': () => ({ body: announcementPage(1) }),
      'POST /announcements/read': () => ({ body: { unread: 0 } }),
    }
    requests = fakeApi((request) => {
      const answer = handle[`${request.method} ${request.path}`]
      return answer ? answer(request) : { status: 404, body: { code: 404, message: 'Not found' } }
    }).requests
  })
  afterEach(() => {
    area?.unmount()
    stopRingtone()
    resetSession()
    time.restore()
  })

  const q = <E extends Element = HTMLElement>(selector: string) => area.shadow.querySelector<E>(selector)

  describe('/profile', () => {
    it('shows name, email and account from users/{id}?$populate[0]=account, and the menu with counts', async () => {
      receiveNotifications({ notifications: [], total: 4, unread: 4 })
      area = await renderArea(<ProfilePage route="profile" />)
      await waitUntil(() => q('.profile-email'), 'no profile')
      expect(q('.profile-name')?.textContent).to.equal('Ana Alvarez')
      expect(q('.profile-email')?.textContent).to.equal('ana@demo.test')
      expect(q('.profile-account')?.textContent).to.equal('Demo Co')
      const asked = requests.find((request) => request.path === `/users/${USER_ID}`)!
      expect(asked.query.get('$populate[0]')).to.equal('account')
      expect(q('[data-entry="notifications"] .count')?.textContent).to.equal('4')
      expect(q('[data-entry="notifications"] .count')?.getAttribute('aria-label')).to.equal(
        'Notifications: 4 unread',
      )
      q<HTMLAnchorElement>('[data-entry="metrics"]')!.click()
      expect($path.get()).to.equal('/profile/metrics')
    })

    it('shows the error with a retry when the profile cannot be read', async () => {
      handle[`GET /users/${USER_ID}`] = () => ({ status: 500, body: { code: 500, message: 'down' } })
      area = await renderArea(<ProfilePage route="profile" />)
      await waitUntil(() => area.text().includes('Your profile could not be loaded.'), 'no error')
      handle[`GET /users/${USER_ID}`] = () => ({ body: USER })
      ;[...area.shadow.querySelectorAll('button')].find((b) => b.textContent?.includes('Try again'))!.click()
      await waitUntil(() => q('.profile-email'), 'the retry did not load')
    })

    it('opens the feedback widget with its SSO token and the console’s language', async () => {
      configure({ lang: 'fr' })
      area = await renderArea(<ProfilePage route="profile" />)
      await waitUntil(() => q('[data-entry="feedback"]'))
      q<HTMLButtonElement>('[data-entry="feedback"]')!.click()
      await waitUntil(() => q('.feedback-frame'), 'no widget')
      const url = new URL(q<HTMLIFrameElement>('.feedback-frame')!.src)
      expect(url.origin + url.pathname).to.equal('http://localhost:9/feedback.html')
      expect(url.search).to.equal('')
      expect(Object.fromEntries(new URLSearchParams(url.hash.slice(1)))).to.deep.equal({
        token: 'a.b.c',
        lang: 'fr',
      })
      expect(q<HTMLDialogElement>('.feedback-dialog')!.open).to.equal(true)
      q<HTMLButtonElement>('.dialog-header button')!.click()
      await waitUntil(() => q('.feedback-dialog') === null, 'the widget stayed')
    })

    it('refuses a widget address that is not a web page, and says the widget could not open', async () => {
      handle['GET /external-apps/feedback/sso'] = () => ({
        body: { ssoToken: 'a.b.c', url: 'javascript:alert(1)' },
      })
      area = await renderArea(<ProfilePage route="profile" />)
      await waitUntil(() => q('[data-entry="feedback"]'))
      q<HTMLButtonElement>('[data-entry="feedback"]')!.click()
      await waitUntil(() => area.text().includes('The feedback form could not be opened.'), 'no failure')
      expect(q('.feedback-frame')).to.equal(null)
    })
  })

  describe('/profile/settings', () => {
    it('saves a new ringtone to /user/settings, and the next ring plays it', async () => {
      await loadUserSettings()
      area = await renderArea(<SettingsPage />)
      await waitUntil(() => area.shadow.querySelectorAll('.ringtone-list li').length === RINGTONES.length)
      expect(q<HTMLInputElement>('input[value="classic"]')!.checked).to.equal(true)
      expect(q('[data-ringtone="happy-bells"] label')?.textContent).to.equal('Happy bells')
      q<HTMLInputElement>('input[value="happy-bells"]')!.click()
      await waitUntil(
        () => area.text().includes('Saved: Happy bells will ring from the next call.'),
        'not saved',
      )
      expect(requests.find((request) => request.method === 'PATCH')?.body).to.deep.equal({
        ringtone: 'happy-bells',
      })
      expect(q<HTMLInputElement>('input[value="happy-bells"]')!.checked).to.equal(true)
      startRingtone()
      expect($ringingTone.get()).to.equal('happy-bells')
    })

    it('goes through the tones with the arrow keys, keeping the focus, and saves the one it stops on last', async () => {
      await loadUserSettings()
      const answers: (() => void)[] = []
      const save = handle['PATCH /user/settings']!
      handle['PATCH /user/settings'] = (request) =>
        new Promise<FakeResponse>((resolve) => answers.push(() => resolve(save(request))))
      area = await renderArea(<SettingsPage />)
      await waitUntil(() => area.shadow.querySelectorAll('.ringtone-list li').length === RINGTONES.length)
      const radio = (tone: string) => q<HTMLInputElement>(`input[value="${tone}"]`)!
      const start = RINGTONES.indexOf('classic')
      const [first, second, third] = [1, 2, 3].map(
        (step) => RINGTONES[(start + step) % RINGTONES.length]!,
      ) as [string, string, string]
      radio('classic').focus()
      // Three tones down while the first one saves: each shows at once and keeps the focus.
      for (const tone of [first, second, third]) {
        await sendKeys({ press: 'ArrowDown' })
        await waitUntil(() => radio(tone).checked, `${tone} not shown as chosen`)
        expect(area.shadow.activeElement === radio(tone), `the focus left ${tone}`).to.equal(true)
      }
      const patches = () => requests.filter((request) => request.method === 'PATCH').map((r) => r.body)
      expect(patches()).to.deep.equal([{ ringtone: first }])
      answers.shift()!()
      await waitUntil(() => patches().length === 2, 'the last tone was not saved')
      expect(patches()[1]).to.deep.equal({ ringtone: third })
      answers.shift()!()
      await waitUntil(() => area.text().includes('will ring from the next call'), 'not saved')
      expect(settings.ringtone).to.equal(third)
      expect(radio(third).checked).to.equal(true)
    })

    it('previews a tone (play, then stop) and keeps the volume on this device', async () => {
      await loadUserSettings()
      area = await renderArea(<SettingsPage />)
      await waitUntil(() => q('[data-ringtone="marimba"] .tone-preview'))
      const preview = () => q<HTMLButtonElement>('[data-ringtone="marimba"] .tone-preview')!
      expect(preview().getAttribute('aria-label')).to.equal('Play Marimba')
      preview().click()
      await waitUntil(() => preview().getAttribute('aria-pressed') === 'true', 'not playing')
      expect(preview().getAttribute('aria-label')).to.equal('Stop Marimba')
      preview().click()
      await waitUntil(() => preview().getAttribute('aria-pressed') === 'false', 'not stopped')
      const volume = q<HTMLInputElement>('#ringtone-volume')!
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
      setter?.call(volume, '40')
      volume.dispatchEvent(new Event('input', { bubbles: true }))
      await waitUntil(() => $ringtoneVolume.get() === 0.4, 'the volume was not kept')
      expect(localStorage.getItem('agent-console:ringtone-volume')).to.equal('0.4')
      expect(q('output')?.textContent).to.equal('40%')
    })

    it('says so when the ringtone cannot be saved, and keeps the old one', async () => {
      await loadUserSettings()
      handle['PATCH /user/settings'] = () => ({ status: 500, body: { code: 500, message: 'down' } })
      area = await renderArea(<SettingsPage />)
      await waitUntil(() => q('input[value="dodo"]'))
      q<HTMLInputElement>('input[value="dodo"]')!.click()
      await waitUntil(() => area.text().includes('Your ringtone could not be saved.'), 'no failure')
      await waitUntil(() => q<HTMLInputElement>('input[value="classic"]')!.checked, 'the old one is not kept')
    })
  })

  describe('/profile/announcements', () => {
    it('lists them with the unread marked, marks one read, and counts a new one as it arrives', async () => {
      area = await renderArea(<AnnouncementsPage />)
      await waitUntil(() => area.shadow.querySelectorAll('.announcement-list li').length === 2, 'no list')
      const first = () => q('.announcement-list li')!
      expect(first().getAttribute('data-unread')).to.equal('true')
      expect(first().textContent).to.contain('Team meeting').and.contain('Sofia Silva')
      expect($announcementsUnread.get()).to.equal(1)
      first().querySelector<HTMLButtonElement>('.mark-one')!.click()
      await waitUntil(() => first().getAttribute('data-unread') === 'false', 'not marked')
      expect(requests.find((request) => request.path === '/announcements/read')?.body).to.deep.equal({
        ids: ['1'.repeat(24)],
      })
      expect($announcementsUnread.get()).to.equal(0)

      receiveAnnouncement({
        announcement: {
          id: '3'.repeat(24),
          title: 'New rota',
          body: 'See the board',
          author: 'Sofia Silva',
          createdAt: '2026-11-23T15:00:00.000Z',
          read: false,
        },
        unread: 1,
      })
      await waitUntil(() => first().textContent?.includes('New rota'), 'not listed')
      expect($announcementsUnread.get()).to.equal(1)
      expect($toasts.get().map((toast) => [toast.messageId, toast.values])).to.deep.equal([
        ['announcements.arrived', { title: 'New rota' }],
      ])
    })

    it('shows the empty state and the error with a retry', async () => {
      handle['GET /announcements'] = () => ({ body: { ...announcementPage(0), data: [], total: 0 } })
      area = await renderArea(<AnnouncementsPage />)
      await waitUntil(() => area.text().includes('There are no announcements yet.'), 'no empty state')
      area.unmount()
      handle['GET /announcements'] = () => ({ status: 503, body: { code: 503, message: 'down' } })
      area = await renderArea(<AnnouncementsPage />)
      await waitUntil(() => area.text().includes('The announcements could not be loaded.'), 'no error')
    })
  })
})
