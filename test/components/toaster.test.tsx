import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { Toaster } from '../../src/components/toasts/Toaster'
import { clearToasts, notify } from '../../src/stores/app/toasts'
import { renderArea, type RenderedArea } from '../support/render-area'

describe('<Toaster>', () => {
  let area: RenderedArea
  afterEach(() => {
    area.unmount()
    clearToasts()
  })

  it('shows a toast’s advice under its message, in the same alert', async () => {
    area = await renderArea(<Toaster />)
    notify({
      variant: 'danger',
      messageId: 'call.media.error',
      values: { message: 'NotReadableError: Could not start video source' },
      detailId: 'media.captureAdvice',
      detailValues: { advice: 'busy' },
    })
    await waitUntil(() => area.shadow.querySelector('.toast'), 'no toast', { timeout: 3_000 })
    const alert = area.shadow.querySelector('.toast[role=alert]')!
    expect(alert.textContent).to.contain('Could not start video source')
    expect(alert.querySelector('.toast-detail')?.textContent).to.equal(
      'Another application or tab is using the camera or microphone: close it.',
    )
  })

  it('shows no advice line when a toast has none', async () => {
    area = await renderArea(<Toaster />)
    notify({ variant: 'success', messageId: 'call.recording.saved' })
    await waitUntil(() => area.shadow.querySelector('.toast'), 'no toast', { timeout: 3_000 })
    expect(area.shadow.querySelector('.toast-detail')).to.equal(null)
  })
})
