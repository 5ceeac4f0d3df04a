import { expect, fixtureCleanup } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import '../../src/elements/index'
import { ANSWER_TIMEOUT_NOTIFICATION_MS, NOTIFICATION_MS, PERSISTENT } from '../../src/constants'
import { $toasts, clearToasts, dismissToast, notify } from '../../src/stores/app/toasts'
import { resetConfig } from '../../src/stores/app/config'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { mount } from '../support/render'

describe('toasts', () => {
  let time: FakeClock
  beforeEach(() => (time = fakeClock()))
  afterEach(() => {
    clearToasts()
    time.restore()
    fixtureCleanup()
    resetConfig()
  })

  it('keeps a toast 7 s by default', async () => {
    notify({ variant: 'success', messageId: 'app.name' })
    await time.tick(NOTIFICATION_MS - 1)
    expect($toasts.get()).to.have.length(1)
    await time.tick(1)
    expect($toasts.get()).to.have.length(0)
  })

  it('keeps the answer-timeout toast 10 s and a persistent one until dismissed', async () => {
    notify({ variant: 'warning', messageId: 'app.name', duration: ANSWER_TIMEOUT_NOTIFICATION_MS })
    const meeting = notify({ variant: 'primary', messageId: 'app.name', duration: PERSISTENT })
    await time.tick(ANSWER_TIMEOUT_NOTIFICATION_MS)
    expect($toasts.get().map((toast) => toast.id)).to.deep.equal([meeting])
    await time.tick(60_000)
    expect($toasts.get()).to.have.length(1)
    dismissToast(meeting)
    expect($toasts.get()).to.have.length(0)
  })

  it('replaces a toast with the same key instead of stacking it', () => {
    notify({
      variant: 'warning',
      messageId: 'errors.generic',
      values: { code: 1 },
      key: 'reconnecting',
      duration: PERSISTENT,
    })
    notify({
      variant: 'warning',
      messageId: 'errors.generic',
      values: { code: 2 },
      key: 'reconnecting',
      duration: PERSISTENT,
    })
    expect($toasts.get()).to.have.length(1)
    expect($toasts.get()[0]?.values).to.deep.equal({ code: 2 })
  })

  it('shows each toast once on a page with two elements', async () => {
    const page = await mount<HTMLDivElement>(
      html`<div><agent-status lang="en"></agent-status><agent-call-panel></agent-call-panel></div>`,
    )
    notify({ variant: 'danger', messageId: 'errors.generic', values: { code: 500 } })
    const alerts = () =>
      [...page.querySelectorAll('agent-status, agent-call-panel')].flatMap((el) => [
        ...el.shadowRoot!.querySelectorAll('.toast-stack .toast'),
      ])
    await waitUntil(() => alerts().length > 0)
    expect(alerts()).to.have.length(1)
    expect(alerts()[0]!.textContent).to.contain('Error with code status 500')
    expect(alerts()[0]!.getAttribute('role')).to.equal('alert')
  })
})
