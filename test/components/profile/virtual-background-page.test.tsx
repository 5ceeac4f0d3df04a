import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import VirtualBackgroundPage from '../../../src/components/profile/VirtualBackgroundPage'
import { receiveConsoleSettings, resetSettings } from '../../../src/stores/profile/settings'
import { clearTokens } from '../../../src/stores/session/tokens'
import { fakeApi, type FakeApi } from '../../support/fake-api'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { signIn } from '../../support/session'
import { $route, navigate } from '../../../src/stores/shell/router'
import { SETTINGS } from '../../support/settings-fixture'

const OFFICE = 'a'.repeat(24)
const OWN = 'b'.repeat(24)
const UPLOADED = 'c'.repeat(24)
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
// A 1×1 PNG: what the server hands back for an own image.
const PIXEL = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

/** Picks a file in a file input, as the user does in the dialog. */
function pick(input: HTMLInputElement, file: File): void {
  const transfer = new DataTransfer()
  transfer.items.add(file)
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

describe('<VirtualBackgroundPage> /profile/virtual-background', () => {
  let server: FakeApi
  let page: RenderedArea | undefined
  let fetchImage: typeof window.fetch

  beforeEach(() => {
    server = fakeApi()
    signIn(Date.now())
    // The fake API answers JSON; the image bytes come as a real PNG response.
    fetchImage = window.fetch
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (/\/api\/user\/backgrounds\/[0-9a-f]{24}$/.test(url) && (init?.method ?? 'GET') === 'GET') {
        server.requests.push({
          method: 'GET',
          path: new URL(url, location.href).pathname,
          token: null,
          body: null,
          headers: new Headers(),
        })
        return Promise.resolve(new Response(PIXEL, { status: 200, headers: { 'content-type': 'image/png' } }))
      }
      return fetchImage(input, init)
    }
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: false, background: '' } },
    })
    server.route('GET', '/api/user/backgrounds', {
      status: 200,
      body: { data: [{ _id: OWN, url: `/api/user/backgrounds/${OWN}` }] },
    })
    receiveConsoleSettings({
      ...SETTINGS,
      virtualBackground: { enabled: true, images: [{ _id: OFFICE, url: '/demo/backgrounds/office.svg' }] },
    })
  })
  afterEach(() => {
    page?.unmount()
    page = undefined
    window.fetch = fetchImage
    server.restore()
    resetSettings()
    clearTokens()
  })

  const $ = <T extends Element>(selector: string) => page!.shadow.querySelector<T>(selector)
  const radio = (value: string) => $<HTMLInputElement>(`input[name="virtual-background"][value="${value}"]`)!
  const alertText = () => $('[role="alert"]')?.textContent?.trim() ?? ''
  const until = (check: () => unknown, what: string) => waitUntil(check, what, { timeout: 5_000 })

  async function open() {
    page = await renderArea(<VirtualBackgroundPage />)
    await until(() => $(`[data-background="${OWN}"] img`), 'the own image did not show')
  }

  it('offers none, blur, the account images and the own ones as thumbnails, none chosen at first', async () => {
    await open()
    const labels = [...page!.shadow.querySelectorAll('.option-label')].map((label) => label.textContent)
    expect(labels).to.deep.equal(['None', 'Blur', 'Image 1', 'My image 1'])
    expect(radio('').checked).to.equal(true)
    expect($<HTMLImageElement>(`[data-background="${OFFICE}"] img`)!.src).to.equal(
      new URL('/demo/backgrounds/office.svg', location.href).href,
    )
    expect($<HTMLImageElement>(`[data-background="${OWN}"] img`)!.src).to.match(/^blob:/)
    await expect($('.virtual-background-page')).to.be.accessible()
  })

  it('saves blur to the user settings, then an image, then none', async () => {
    await open()
    server.route('PATCH', '/api/user/settings', (request) => ({
      status: 200,
      body: {
        ringtone: 'classic',
        virtualBackground: (request.body as { virtualBackground: unknown }).virtualBackground,
      },
    }))
    // Saved: the server's answer is on screen (the choice marked) and the choices are enabled again.
    const saved = (background: string) =>
      $('[data-chosen="true"]')?.getAttribute('data-background') === background &&
      page!.text().includes('Background saved.') &&
      !radio('').disabled
    radio('blur').click()
    await until(() => saved('blur') && radio('blur').checked, 'blur not saved')
    expect(server.to('/api/user/settings').at(-1)!.body).to.deep.equal({
      virtualBackground: { enabled: true, background: 'blur' },
    })
    radio(OFFICE).click()
    await until(() => saved(OFFICE) && radio(OFFICE).checked, 'image not saved')
    expect(server.to('/api/user/settings').at(-1)!.body).to.deep.equal({
      virtualBackground: { enabled: true, background: OFFICE },
    })
    radio('').click()
    await until(() => saved('none') && radio('').checked, 'none not saved')
    expect(server.to('/api/user/settings').at(-1)!.body).to.deep.equal({
      virtualBackground: { enabled: false, background: '' },
    })
  })

  it('goes through the backgrounds with the arrow keys, keeping the focus, and saves the one it stops on last', async () => {
    await open()
    const answers: (() => void)[] = []
    server.route(
      'PATCH',
      '/api/user/settings',
      (request) =>
        new Promise((resolve) =>
          answers.push(() =>
            resolve({
              status: 200,
              body: {
                ringtone: 'classic',
                virtualBackground: (request.body as { virtualBackground: unknown }).virtualBackground,
              },
            }),
          ),
        ),
    )
    radio('').focus()
    for (const value of ['blur', OFFICE, OWN]) {
      await sendKeys({ press: 'ArrowRight' })
      await until(() => radio(value).checked, `${value} not shown as chosen`)
      expect(page!.shadow.activeElement === radio(value), `the focus left ${value}`).to.equal(true)
    }
    const patches = () => server.to('/api/user/settings').filter((request) => request.method === 'PATCH')
    expect(patches().map((request) => request.body)).to.deep.equal([
      { virtualBackground: { enabled: true, background: 'blur' } },
    ])
    answers.shift()!()
    await until(() => patches().length === 2, 'the last background was not saved')
    expect(patches()[1]!.body).to.deep.equal({ virtualBackground: { enabled: true, background: OWN } })
    answers.shift()!()
    await until(() => page!.text().includes('Background saved.'), 'not saved')
    expect($('[data-chosen="true"]')?.getAttribute('data-background')).to.equal(OWN)
  })

  it('keeps the earlier choice and says so when saving fails', async () => {
    await open()
    server.route('PATCH', '/api/user/settings', { status: 500, body: { code: 500, message: 'boom' } })
    radio('blur').click()
    await until(
      () => alertText() === 'The background could not be saved. Please try again.',
      'no failure message',
    )
    expect(radio('').checked).to.equal(true)
  })

  it('uploads an image and adds it to the choices', async () => {
    await open()
    server.route('POST', '/api/user/backgrounds', {
      status: 200,
      body: { _id: UPLOADED, url: `/api/user/backgrounds/${UPLOADED}` },
    })
    pick($<HTMLInputElement>('#background-upload')!, new File([PNG], 'me.png', { type: 'image/png' }))
    await until(() => $(`[data-background="${UPLOADED}"] img`), 'the uploaded image did not show')
    expect(page!.text()).to.include('Image uploaded.')
    const sent = server.to('/api/user/backgrounds').find((request) => request.method === 'POST')!
    expect(sent.headers.get('content-type')).to.equal('image/png')
  })

  it('refuses a file of another type or over 2 MB before sending it', async () => {
    await open()
    pick($<HTMLInputElement>('#background-upload')!, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }))
    await until(() => alertText() === 'Choose a JPEG, PNG or WebP image.', 'no type message')
    pick(
      $<HTMLInputElement>('#background-upload')!,
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }),
    )
    await until(() => alertText() === 'The image is larger than 2 MB.', 'no size message')
    expect(server.requests.filter((request) => request.method === 'POST')).to.have.length(0)
  })

  it("says 'You do not have access to upload images' when the server refuses", async () => {
    await open()
    server.route('POST', '/api/user/backgrounds', {
      status: 403,
      body: { code: 403, message: 'You do not have access to upload images', reason: 'no-access' },
    })
    pick($<HTMLInputElement>('#background-upload')!, new File([PNG], 'me.png', { type: 'image/png' }))
    await until(() => alertText() === 'You do not have access to upload images', 'no denied message')
    await expect($('.virtual-background-page')).to.be.accessible()
    expect(page!.shadow.querySelectorAll('[data-background]')).to.have.length(4)
  })

  it('leads back to the profile, like the profile’s other pages', async () => {
    navigate('/profile/virtual-background')
    await open()
    const back = $<HTMLAnchorElement>('a.back-link')
    expect(back?.textContent?.trim()).to.equal('Back to the profile')
    back!.click()
    expect($route.get().name).to.equal('profile')
  })

  it('shows a live preview of the camera, released when the page closes', async () => {
    await open()
    const video = $<HTMLVideoElement>('.background-preview video')!
    await until(
      () => (video.srcObject as MediaStream | null)?.getVideoTracks()[0]?.readyState === 'live',
      'no preview',
    )
    const track = (video.srcObject as MediaStream).getVideoTracks()[0]!
    expect($('.background-preview figcaption')?.textContent).to.contain(
      'Preview of your camera as the customer sees it',
    )
    page!.unmount()
    page = undefined
    expect(track.readyState).to.equal('ended')
  })

  it('says how to let the camera in when the browser blocks the preview', async () => {
    const media = navigator.mediaDevices
    const getUserMedia = media.getUserMedia
    media.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    try {
      await open()
      await until(() => $('.background-preview .notice.danger'), 'no message')
      const notice = $('.background-preview .notice.danger')!.textContent
      expect(notice).to.contain('Permission denied')
      expect(notice).to.contain(
        'The browser blocks the camera and microphone for this page: allow them with the camera icon in the address bar.',
      )
    } finally {
      media.getUserMedia = getUserMedia
    }
  })

  it('says clearly when the background cannot start, and the preview goes on without it', async () => {
    server.route('GET', '/api/user/settings', {
      status: 200,
      body: { ringtone: 'classic', virtualBackground: { enabled: true, background: 'blur' } },
    })
    // The test page has no worker beside its script: the real pipeline fails to start, as with a model that cannot load.
    await open()
    await until(() => $('.background-preview .notice.warning'), 'no message')
    expect($('.background-preview .notice.warning')?.textContent).to.equal(
      'The virtual background could not start. Your camera is shown without a background.',
    )
    const video = $<HTMLVideoElement>('.background-preview video')!
    expect((video.srcObject as MediaStream).getVideoTracks()[0]?.readyState).to.equal('live')
  })

  it('says the feature is off when the console settings do not enable it', async () => {
    receiveConsoleSettings(SETTINGS)
    page = await renderArea(<VirtualBackgroundPage />)
    await until(() => page!.text().includes('not enabled'), 'no off notice')
    expect(page.text()).to.include('Virtual backgrounds are not enabled for your account.')
    expect($('input[name="virtual-background"]')).to.equal(null)
  })
})
