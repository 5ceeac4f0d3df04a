import { expect } from '@open-wc/testing'
import { waitUntil } from '../../support/waits'
import { BottomMenu } from '../../../src/components/shell/BottomMenu'
import { $path, navigate } from '../../../src/stores/shell/router'
import { resetActivity, setInCall, setInMeeting, setRinging } from '../../../src/stores/status/activity'
import { offline, online } from '../../support/calendar-fixtures'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { resetSession, signIn } from '../../support/session'

describe('<BottomMenu> when it is disabled', () => {
  let area: RenderedArea

  beforeEach(async () => {
    signIn(Date.now())
    navigate('/history')
    online()
    area = await renderArea(<BottomMenu />)
  })
  afterEach(() => {
    area.unmount()
    resetActivity()
    offline()
    resetSession()
  })

  const links = () => [...area.shadow.querySelectorAll<HTMLAnchorElement>('.bottom-menu a')]
  const tip = () => {
    const id = links()[1]!.getAttribute('aria-describedby')
    return id ? area.shadow.getElementById(id)?.textContent : null
  }

  it('says why in a tooltip for each reason, stays focusable, and does not navigate', async () => {
    expect(tip()).to.equal(null)
    for (const [enter, reason] of [
      [() => setInCall(true), 'Not available during a call'],
      [() => setRinging(true), 'Not available while a call rings'],
      [() => setInMeeting(true), 'Not available during a meeting'],
      [() => offline(), 'Not available while disconnected'],
    ] as const) {
      resetActivity()
      online()
      enter()
      await waitUntil(() => tip() === reason, `no tooltip: ${reason}`)
      expect(links()[1]!.getAttribute('aria-disabled')).to.equal('true')
      expect(links()[1]!.tabIndex).to.equal(0)
      links()[1]!.click()
      expect($path.get()).to.equal('/history')
    }
    resetActivity()
    online()
    await waitUntil(() => tip() === null, 'the tooltip stayed')
    links()[1]!.click()
    expect($path.get()).to.equal('/utilities')
  })
})
