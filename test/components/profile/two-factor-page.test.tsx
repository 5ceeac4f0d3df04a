import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { waitUntil } from '../../support/waits'
import TwoFactorPage from '../../../src/components/profile/TwoFactorPage'
import { clearTokens } from '../../../src/stores/session/tokens'
import { fakeApi, type FakeApi } from '../../support/fake-api'
import { fakeClock, type FakeClock } from '../../support/fake-clock'
import { renderArea, type RenderedArea } from '../../support/render-area'
import { signIn } from '../../support/session'
import { $route, navigate } from '../../../src/stores/shell/router'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const URI = `otpauth://totp/Agent%20console:ana%40demo.test?issuer=Agent%20console&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-${String(1000 + i)}`)

/** Types into a React-controlled input the way a user does. */
function type(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('<TwoFactorPage> /profile/2fa', () => {
  let server: FakeApi
  let time: FakeClock
  let page: RenderedArea | undefined

  beforeEach(() => {
    time = fakeClock()
    server = fakeApi()
    signIn(Date.now())
  })
  afterEach(() => {
    page?.unmount()
    page = undefined
    server.restore()
    time.restore()
    clearTokens()
  })

  const $ = <T extends Element>(selector: string) => page!.shadow.querySelector<T>(selector)
  const buttonNamed = (name: string) =>
    [...page!.shadow.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.textContent?.trim() === name,
    )
  const alertText = () => $('[role="alert"]')?.textContent?.trim() ?? ''
  const until = (check: () => unknown, what: string) => waitUntil(check, what, { timeout: 5_000 })

  async function open(status: { enabled: boolean; backupCodesLeft: number; retryAfter?: number }) {
    server.route('GET', '/api/auth/2fa', { status: 200, body: { retryAfter: 0, ...status } })
    page = await renderArea(<TwoFactorPage />)
    await until(() => $('.card'), 'the page did not load')
  }

  it('leads back to the profile, like the profile’s other pages', async () => {
    navigate('/profile/2fa')
    await open({ enabled: false, backupCodesLeft: 0 })
    const back = $<HTMLAnchorElement>('a.back-link')
    expect(back?.textContent?.trim()).to.equal('Back to the profile')
    back!.click()
    expect($route.get().name).to.equal('profile')
  })

  it('enables: QR code and secret as text, a wrong code refused with its message, then 10 backup codes shown once', async () => {
    await open({ enabled: false, backupCodesLeft: 0 })
    expect(page!.text()).to.include('Two-factor authentication is off.')
    await expect($('.two-factor-page')).to.be.accessible()
    server.route('POST', '/api/auth/2fa/setup', { status: 200, body: { secret: SECRET, uri: URI } })
    buttonNamed('Set up two-factor authentication')!.click()
    await until(() => $('.qr-code'), 'no QR code')
    expect($('.qr-code')!.getAttribute('aria-label')).to.equal('QR code for your authenticator app')
    expect($('.qr-code path')!.getAttribute('d')!.length).to.be.greaterThan(100)
    expect($('.secret')!.textContent!.replace(/\s/g, '')).to.equal(SECRET)
    expect($('.uri')!.textContent).to.equal(URI)
    await expect($('.two-factor-page')).to.be.accessible()

    // Not 6 digits: refused here, nothing sent.
    type($<HTMLInputElement>('#setup-code')!, '12a')
    buttonNamed('Turn on')!.click()
    await until(() => alertText(), 'no format message')
    expect(alertText()).to.equal('Enter the 6-digit code from your app.')
    expect(server.to('/api/auth/2fa/enable')).to.have.length(0)

    server.route('POST', '/api/auth/2fa/enable', {
      status: 422,
      body: { code: 422, message: 'The verification code is not valid', reason: 'wrong-code' },
    })
    type($<HTMLInputElement>('#setup-code')!, '123456')
    buttonNamed('Turn on')!.click()
    await until(() => alertText() === 'The code is wrong. Check it and try again.', 'no wrong-code message')
    expect($('.qr-code')).to.exist

    server.route('POST', '/api/auth/2fa/enable', { status: 200, body: { backupCodes: CODES } })
    buttonNamed('Turn on')!.click()
    await until(() => $('.code-list'), 'no backup codes')
    expect(server.to('/api/auth/2fa/enable').at(-1)!.body).to.deep.equal({ code: '123456' })
    expect([...page!.shadow.querySelectorAll('.code-list code')].map((c) => c.textContent)).to.deep.equal(
      CODES,
    )
    expect(page!.text()).to.include('Two-factor authentication is enabled.')
    await expect($('.two-factor-page')).to.be.accessible()
    const done = buttonNamed('Done')!
    expect(done.disabled).to.equal(true)
    $<HTMLInputElement>('.checkbox input')!.click()
    await until(() => !buttonNamed('Done')!.disabled, 'Done stayed disabled')
    buttonNamed('Done')!.click()
    await until(() => $('.codes-left'), 'no 2FA-on view')
    expect($('.codes-left')!.textContent).to.equal('10 backup codes left.')
    expect($('.code-list')).to.equal(null)
  })

  it('takes the keyboard on to each step: the title of what replaced the button pressed gets the focus', async () => {
    await open({ enabled: false, backupCodesLeft: 0 })
    const focused = () => page!.shadow.activeElement
    const press = async (name: string) => {
      buttonNamed(name)!.focus()
      await sendKeys({ press: 'Enter' })
    }
    server.route('POST', '/api/auth/2fa/setup', { status: 200, body: { secret: SECRET, uri: URI } })
    await press('Set up two-factor authentication')
    await until(() => focused()?.id === 'setup-title', 'the focus fell off the page after Set up')

    server.route('POST', '/api/auth/2fa/enable', { status: 200, body: { backupCodes: CODES } })
    type($<HTMLInputElement>('#setup-code')!, '123456')
    await press('Turn on')
    await until(() => focused()?.id === 'backup-codes-title', 'the focus fell off the page after Turn on')

    $<HTMLInputElement>('.checkbox input')!.click()
    await until(() => !buttonNamed('Done')!.disabled, 'Done stayed disabled')
    await press('Done')
    await until(() => focused()?.id === 'codes-left-title', 'the focus fell off the page after Done')

    server.route('POST', '/api/auth/2fa/disable', { status: 200, body: { ok: true } })
    type($<HTMLInputElement>('#disable-code')!, '123456')
    type($<HTMLInputElement>('#disable-password')!, 'Demo1234!')
    await press('Turn off')
    await until(() => focused()?.id === 'off-title', 'the focus fell off the page after Turn off')

    await press('Set up two-factor authentication')
    await until(() => buttonNamed('Cancel'), 'no setup')
    await press('Cancel')
    await until(() => focused()?.id === 'off-title', 'the focus fell off the page after Cancel')
    // A title takes the focus only from a script: Tab does not stop on it.
    expect($('#off-title')!.getAttribute('tabindex')).to.equal('-1')
  })

  it('downloads the backup codes as a text file', async () => {
    await open({ enabled: true, backupCodesLeft: 3 })
    server.route('POST', '/api/auth/2fa/backup-codes', { status: 200, body: { backupCodes: CODES } })
    type($<HTMLInputElement>('#renew-code')!, '654321')
    buttonNamed('Get new backup codes')!.click()
    await until(() => $('.code-list'), 'no new codes')
    let saved: { name: string; text: Promise<string> } | undefined
    const click = HTMLAnchorElement.prototype.click
    const createObjectURL = URL.createObjectURL
    let blob: Blob | undefined
    URL.createObjectURL = (object: Blob | MediaSource) => {
      blob = object as Blob
      return createObjectURL(object)
    }
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved = { name: this.download, text: blob!.text() }
    }
    try {
      buttonNamed('Download')!.click()
    } finally {
      HTMLAnchorElement.prototype.click = click
      URL.createObjectURL = createObjectURL
    }
    expect(saved!.name).to.equal('backup-codes.txt')
    const text = await saved!.text
    for (const code of CODES) expect(text).to.include(code)
  })

  it('disables with a code and the password; says when the password is wrong', async () => {
    await open({ enabled: true, backupCodesLeft: 4 })
    expect(page!.text()).to.include('Two-factor authentication is on.')
    expect($('.codes-left')!.textContent).to.equal('4 backup codes left.')
    await expect($('.two-factor-page')).to.be.accessible()
    type($<HTMLInputElement>('#disable-code')!, 'abcd-1234')
    buttonNamed('Turn off')!.click()
    await until(() => alertText(), 'no password message')
    expect(alertText()).to.equal('Enter your password.')

    server.route('POST', '/api/auth/2fa/disable', {
      status: 422,
      body: { code: 422, message: 'The password is not valid', reason: 'wrong-password' },
    })
    type($<HTMLInputElement>('#disable-password')!, 'nope')
    buttonNamed('Turn off')!.click()
    await until(() => alertText() === 'The password is incorrect.', 'no wrong-password message')

    server.route('POST', '/api/auth/2fa/disable', { status: 200, body: { ok: true } })
    type($<HTMLInputElement>('#disable-password')!, 'Demo1234!')
    buttonNamed('Turn off')!.click()
    await until(() => page!.text().includes('Two-factor authentication is disabled.'), 'not disabled')
    expect(server.to('/api/auth/2fa/disable').at(-1)!.body).to.deep.equal({
      code: 'abcd-1234',
      password: 'Demo1234!',
    })
    expect(buttonNamed('Set up two-factor authentication')).to.exist
  })

  it('says a code expired, and after too many attempts waits the time the server gives before codes go again', async () => {
    await open({ enabled: true, backupCodesLeft: 10 })
    server.route('POST', '/api/auth/2fa/backup-codes', {
      status: 422,
      body: { code: 422, message: 'expired', reason: 'code-expired' },
    })
    type($<HTMLInputElement>('#renew-code')!, '111111')
    buttonNamed('Get new backup codes')!.click()
    await until(() => alertText(), 'no expired message')
    expect(alertText()).to.equal('The code has expired or was already used. Enter the new one from your app.')

    server.route('POST', '/api/auth/2fa/backup-codes', {
      status: 423,
      body: { code: 423, message: 'wait', reason: 'too-many-attempts' },
    })
    server.route('GET', '/api/auth/2fa', {
      status: 200,
      body: { enabled: true, backupCodesLeft: 10, retryAfter: 30 },
    })
    // From the keyboard: the button keeps the focus through the refusal and the wait, and sends nothing meanwhile.
    const renew = buttonNamed('Get new backup codes')!
    renew.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => alertText() === 'Too many attempts. Try again in 30 seconds.', 'no wait message')
    const locked = (name: string) => buttonNamed(name)!.getAttribute('aria-disabled') === 'true'
    await until(() => locked('Get new backup codes') && locked('Turn off'), 'not waiting')
    expect(page!.shadow.activeElement === renew, 'the focus left the button').to.equal(true)
    const sent = server.to('/api/auth/2fa/backup-codes').length
    await sendKeys({ press: 'Enter' })
    expect(server.to('/api/auth/2fa/backup-codes')).to.have.length(sent)

    await time.tick(29_000)
    expect(locked('Get new backup codes')).to.equal(true)
    await time.tick(1_000)
    await until(() => !locked('Get new backup codes'), 'still waiting')
    expect(alertText()).to.equal('')
    expect(page!.shadow.activeElement === renew, 'the focus left the button').to.equal(true)
  })

  it('shows a retry when the status cannot be read, and an offline message when the server is gone', async () => {
    server.route('GET', '/api/auth/2fa', { status: 500, body: { code: 500, message: 'boom' } })
    page = await renderArea(<TwoFactorPage />)
    await until(() => buttonNamed('Try again'), 'no retry')
    expect(page.text()).to.include('The two-factor settings could not be loaded.')
    server.route('GET', '/api/auth/2fa', {
      status: 200,
      body: { enabled: false, backupCodesLeft: 0, retryAfter: 0 },
    })
    buttonNamed('Try again')!.click()
    await until(() => buttonNamed('Set up two-factor authentication'), 'did not recover')
    server.route('POST', '/api/auth/2fa/setup', { status: 0 })
    buttonNamed('Set up two-factor authentication')!.click()
    await until(() => alertText(), 'no offline message')
    expect(alertText()).to.equal('The server cannot be reached. Check your connection and try again.')
  })
})
