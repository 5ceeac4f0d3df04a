import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { $path, matchRoute, navigate, startRouting, type RouteName } from '../../src/stores/shell/router'
import { configure, resetConfig } from '../../src/stores/app/config'
import { SHELL_PAGES, menuLit, pageOf } from '../../src/components/shell/shell-pages'

describe('the router', () => {
  it('matches every route of SPEC §2, with the claim id, /home as the history and trailing slashes', () => {
    const cases: [string, RouteName, Record<string, string>][] = [
      ['/login', 'login', {}],
      ['/login/claim/a1b2c3', 'login-claim', { id: 'a1b2c3' }],
      ['/password/reset', 'password-reset', {}],
      ['/password/forget/', 'password-forget', {}],
      ['/', 'home', {}],
      ['/home', 'history', {}],
      ['/history/', 'history', {}],
      ['/recordings', 'recordings', {}],
      ['/recordings/0123456789abcdef01234567', 'recording', { id: '0123456789abcdef01234567' }],
      ['/utilities?x=1', 'utilities', {}],
      ['/profile', 'profile', {}],
      ['/profile/2fa', 'profile-2fa', {}],
      ['/profile/virtual-background', 'profile-virtual-background', {}],
      ['/profile/notifications', 'profile-notifications', {}],
      ['/profile/settings', 'profile-settings', {}],
      ['/profile/sessions', 'profile-sessions', {}],
      ['/profile/recordings/backups', 'profile-recordings-backups', {}],
      ['/profile/metrics', 'profile-metrics', {}],
      ['/profile/announcements', 'profile-announcements', {}],
      ['/history/64b7f0c2a1b2c3d4e5f60718', 'history-call', { id: '64b7f0c2a1b2c3d4e5f60718' }],
      ['/nowhere', 'unknown', {}],
      ['/login/claim/', 'unknown', {}],
    ]
    for (const [path, name, params] of cases) {
      const route = matchRoute(path)
      expect(route.name, path).to.equal(name)
      expect(route.params, path).to.deep.equal(params)
    }
  })

  it('gives every shell route a page of the table, and lights one menu entry for it', () => {
    const shellRoutes: RouteName[] = [
      'history',
      'recordings',
      'recording',
      'utilities',
      'profile',
      'profile-2fa',
      'profile-virtual-background',
      'profile-notifications',
      'profile-settings',
      'profile-sessions',
      'profile-recordings-backups',
      'profile-metrics',
      'profile-announcements',
      'history-call',
    ]
    expect(pageOf('recording').id).to.equal('recordings')
    expect(pageOf('profile-recordings-backups').id).to.equal('recording-backups')
    for (const route of shellRoutes) {
      expect(pageOf(route).routes, route).to.include(route)
      const lit = SHELL_PAGES.filter((page) => page.menu && menuLit(page, route))
      expect(lit.length, route).to.equal(1)
    }
    expect(SHELL_PAGES.filter((page) => page.menu).map((page) => page.menu?.path)).to.deep.equal([
      '/history',
      '/utilities',
      '/recordings',
      '/profile',
    ])
  })

  describe('in history mode', () => {
    const start = location.href
    let stop = () => {}
    afterEach(() => {
      stop()
      history.replaceState(null, '', start)
      resetConfig()
    })

    it('follows the address bar, and Back and Forward move between pages', async () => {
      configure({ routing: 'history' })
      history.replaceState(null, '', '/history')
      stop = startRouting()
      expect($path.get()).to.equal('/history')
      navigate('/utilities')
      expect(location.pathname).to.equal('/utilities')
      navigate('/profile/settings')
      expect(location.pathname).to.equal('/profile/settings')
      history.back()
      await waitUntil(() => $path.get() === '/utilities', 'Back did not reach /utilities', { timeout: 2_000 })
      history.forward()
      await waitUntil(() => $path.get() === '/profile/settings', 'Forward did not return', { timeout: 2_000 })
      navigate('/login', { replace: true })
      history.back()
      await waitUntil(() => $path.get() === '/utilities', 'a redirect stayed in the history', {
        timeout: 2_000,
      })
    })
  })
})
