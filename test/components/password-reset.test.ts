import { expect } from '@open-wc/testing'
import { html } from 'lit'
import '../../src/elements/agent-console'
import { $path, navigate } from '../../src/stores/shell/router'
import { $passwordChanged, $resetWay } from '../../src/stores/session/password-reset'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { mount, shadow, visibleText } from '../support/render'
import { resetSession } from '../support/session'
import { waitUntil } from '../support/waits'

// Issue 69: the login's "Forgot password?" (or whom to ask), and the two public password pages.

/** Types as a user does: React hears input events, not value assignments. */
function type(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

function field(element: Element, selector: string): HTMLInputElement {
  const found = shadow(element).querySelector<HTMLInputElement>(selector)
  if (!found) throw new Error(`no ${selector}`)
  return found
}

function press(element: Element, text: string): void {
  const found = [...shadow(element).querySelectorAll<HTMLElement>('button, a')].find(
    (candidate) => candidate.textContent?.trim() === text,
  )
  if (!found) throw new Error(`no "${text}"`)
  found.click()
}

const focusedText = (element: Element) => shadow(element).activeElement?.textContent ?? ''

describe('password reset pages', () => {
  let server: FakeApi
  beforeEach(() => {
    server = fakeApi()
    $resetWay.set('unknown')
    $passwordChanged.set(false)
  })
  afterEach(() => {
    resetSession()
    server.restore()
  })

  it('offers "Forgot password?" on the login when the server sends links, and it opens the page', async () => {
    server.route('GET', '/api/auth/password-reset', { status: 200, body: { byEmail: true } })
    navigate('/login')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => visibleText(element).includes('Forgot password?'))
    press(element, 'Forgot password?')
    await waitUntil(() => $path.get() === '/password/forget')
    await waitUntil(() => visibleText(element).includes('Enter the email of your account'))
  })

  it('says whom to ask, and offers no link, when the server sends none (production without mail)', async () => {
    server.route('GET', '/api/auth/password-reset', { status: 200, body: { byEmail: false } })
    navigate('/login')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => visibleText(element).includes('Ask your administrator to reset your password.'))
    expect(visibleText(element)).not.to.include('Forgot password?')
    expect(shadow(element).querySelector('a[href="/password/forget"]')).to.equal(null)
  })

  it('refuses a malformed email before sending, then answers the same for any email, focused', async () => {
    server.route('POST', '/api/auth/password-reset', { status: 202, body: { accepted: true } })
    navigate('/password/forget')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => shadow(element).querySelector('#reset-email'))
    type(field(element, '#reset-email'), 'ana')
    press(element, 'Send the link')
    await waitUntil(() => focusedText(element) === 'Enter a valid email address.')
    expect(server.to('/api/auth/password-reset')).to.have.length(0)
    type(field(element, '#reset-email'), ' ana@demo.test ')
    press(element, 'Send the link')
    await waitUntil(() => focusedText(element).startsWith('If an account exists for this email'))
    expect(server.to('/api/auth/password-reset').map((request) => request.body)).to.deep.equal([
      { email: 'ana@demo.test' },
    ])
  })

  it('says so when the address asked too often', async () => {
    server.route('POST', '/api/auth/password-reset', {
      status: 429,
      body: { code: 429, message: 'Too many reset requests' },
      headers: { 'retry-after': '0' },
    })
    navigate('/password/forget')
    const element = await mount(html`<agent-console lang="es"></agent-console>`)
    await waitUntil(() => shadow(element).querySelector('#reset-email'))
    type(field(element, '#reset-email'), 'ana@demo.test')
    press(element, 'Enviar el enlace')
    await waitUntil(
      () => focusedText(element) === 'Demasiadas solicitudes desde esta conexión. Inténtalo más tarde.',
      'no throttle message',
      { timeout: 8_000 },
    )
  })

  it('holds the new password to the rule before sending, then sends the token and goes to the login with a notice', async () => {
    server.route('POST', '/api/auth/password-reset/confirm', { status: 200, body: { ok: true } })
    navigate('/password/reset?token=abc')
    const element = await mount(html`<agent-console lang="en"></agent-console>`)
    await waitUntil(() => shadow(element).querySelector('#new-password'))
    type(field(element, '#new-password'), 'too short')
    type(field(element, '#repeat-password'), 'too short')
    press(element, 'Set the new password')
    await waitUntil(() => focusedText(element) === 'The password must have at least 12 characters.')
    type(field(element, '#new-password'), 'a long enough password')
    press(element, 'Set the new password')
    await waitUntil(() => focusedText(element) === 'The two passwords are not the same.')
    expect(server.to('/api/auth/password-reset/confirm')).to.have.length(0)
    type(field(element, '#repeat-password'), 'a long enough password')
    press(element, 'Set the new password')
    await waitUntil(() => $path.get() === '/login')
    await waitUntil(() => focusedText(element) === 'Your password was changed. Sign in with the new one.')
    expect(server.to('/api/auth/password-reset/confirm')[0]!.body).to.deep.equal({
      token: 'abc',
      password: 'a long enough password',
    })
  })

  it('says a used or expired link does not work, and offers to ask again', async () => {
    server.route('POST', '/api/auth/password-reset/confirm', {
      status: 410,
      body: { code: 410, message: 'gone', reason: 'invalid-token' },
    })
    navigate('/password/reset?token=used')
    const element = await mount(html`<agent-console lang="fr"></agent-console>`)
    await waitUntil(() => shadow(element).querySelector('#new-password'))
    type(field(element, '#new-password'), 'un mot de passe assez long')
    type(field(element, '#repeat-password'), 'un mot de passe assez long')
    press(element, 'Enregistrer le nouveau mot de passe')
    await waitUntil(() => focusedText(element).startsWith('Ce lien ne fonctionne plus'))
    press(element, 'Demander un nouveau lien')
    await waitUntil(() => $path.get() === '/password/forget')
  })
})
