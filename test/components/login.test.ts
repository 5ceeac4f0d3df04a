import { expect } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { html } from 'lit'
import '../../src/elements/agent-login'
import { LOGIN_REDIRECT_MS } from '../../src/constants'
import { $tokens } from '../../src/stores/session/tokens'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { mount, shadow, visibleText } from '../support/render'
import { freshToken, recordNavigation, resetSession, signIn } from '../support/session'
import { frames, waitUntil } from '../support/waits'

type Form = { email?: string; password?: string; agreement?: boolean; remember?: boolean; otp?: string }

function input(element: Element, name: string): HTMLInputElement {
  const found = shadow(element).querySelector<HTMLInputElement>(`input[name="${name}"]`)
  if (!found) throw new Error(`no ${name} field`)
  return found
}

/** Types as a user does: React hears input events, not value assignments. */
function type(field: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  setter.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

async function fill(element: Element, form: Form): Promise<void> {
  if (form.email !== undefined) type(input(element, 'email'), form.email)
  if (form.password !== undefined) type(input(element, 'password'), form.password)
  if (form.otp !== undefined) type(input(element, 'otp'), form.otp)
  for (const box of ['agreement', 'remember'] as const)
    if (form[box] !== undefined && input(element, box).checked !== form[box]) input(element, box).click()
  await Promise.resolve()
}

function button(element: Element, text: string): HTMLButtonElement {
  const found = [...shadow(element).querySelectorAll('button')].find((b) => b.textContent?.trim() === text)
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

const GOOD: Form = { email: 'ana@demo.test', password: 'demo1234', agreement: true }

describe('<agent-login>', () => {
  let server: FakeApi
  beforeEach(() => {
    server = fakeApi()
  })
  afterEach(() => {
    server.restore()
    resetSession()
  })

  async function loginPage(lang = 'en') {
    return mount<HTMLElement>(html`<agent-login lang=${lang}></agent-login>`)
  }

  it('shows email, password, remember-me, the terms link and the three buttons', async () => {
    const login = await loginPage()
    for (const name of ['email', 'password', 'remember', 'agreement']) expect(input(login, name)).to.exist
    expect(shadow(login).querySelector('a[href="/demo/policies.html"]')?.textContent).to.equal(
      'terms and privacy policies',
    )
    expect(button(login, 'Log in')).to.exist
    expect(button(login, 'Enterprise SSO')).to.exist
  })

  it('without the terms checked shows login.errors.terms and sends nothing', async () => {
    const login = await loginPage()
    await fill(login, { ...GOOD, agreement: false })
    button(login, 'Log in').click()
    await waitUntil(() => visibleText(login).includes('You must accept the terms and policies to log in.'))
    expect(server.requests).to.have.length(0)
  })

  it('asks for a valid email and a password before sending', async () => {
    const login = await loginPage()
    await fill(login, { email: 'ana', password: '', agreement: true })
    button(login, 'Log in').click()
    await waitUntil(() => visibleText(login).includes('Enter a valid email address.'))
    expect(visibleText(login)).to.contain('Enter your password.')
    expect(server.requests).to.have.length(0)
  })

  it('takes the agent to the first problem of a form refused before sending', async () => {
    const login = await loginPage()
    await fill(login, { email: 'ana', password: '', agreement: true })
    await frames(1)
    const submit = button(login, 'Log in')
    submit.focus()
    await sendKeys({ press: 'Enter' })
    // The field says what is wrong (aria-describedby), so a screen reader hears it there.
    await waitUntil(() => shadow(login).activeElement === input(login, 'email'), 'the focus stayed on Log in')
    expect(input(login, 'email').getAttribute('aria-describedby')).to.contain('email-error')

    await fill(login, { email: 'ana@demo.test', password: 'demo1234', agreement: false })
    submit.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => shadow(login).activeElement === input(login, 'agreement'), 'not on the terms')

    // Pressed again with the same problem: taken there again.
    submit.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => shadow(login).activeElement === input(login, 'agreement'), 'not on the terms again')
    expect(server.requests).to.have.length(0)
  })

  it('takes the agent to the code field when the code is not a code', async () => {
    server.route('POST', '/api/auth/login', { status: 412, body: { code: 412, message: 'Code required' } })
    const login = await loginPage()
    await fill(login, GOOD)
    button(login, 'Log in').click()
    await waitUntil(() => shadow(login).querySelector('input[name="otp"]'), 'no code field')
    await fill(login, { otp: '12' })
    const verify = button(login, 'Verify')
    verify.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => shadow(login).activeElement === input(login, 'otp'), 'the focus stayed on Verify')
    expect(visibleText(login)).to.contain('Enter the 6-digit code or a backup code.')
    expect(server.to('/api/auth/login')).to.have.length(1)
  })

  const statuses: [number, string][] = [
    [400, 'You must accept the terms and policies to log in.'],
    [401, 'The email or the password is incorrect.'],
    [402, "Your account's subscription has expired. Contact your administrator."],
    [403, 'Your IP address is not authorized to access this account.'],
    [410, 'Too many failed attempts. Wait a few minutes and try again.'],
    [423, 'Your user is locked. Contact your administrator.'],
    [500, 'The server could not sign you in. Please try again.'],
    [0, 'You are not connected to the internet.'],
  ]
  for (const [status, message] of statuses)
    it(`shows its own message for ${status === 0 ? 'no response' : `a ${status}`}`, async () => {
      server.route('POST', '/api/auth/login', { status, body: { code: status, message: 'refused' } })
      const login = await loginPage()
      await fill(login, GOOD)
      button(login, 'Log in').click()
      await waitUntil(() => visibleText(login).includes(message), `no "${message}"`)
      expect(shadow(login).querySelector('[role="alert"]')?.textContent).to.equal(message)
      expect($tokens.get()).to.equal(null)
    })

  const waits: [string, string, string, string][] = [
    ['en', '6', 'Log in', 'Too many failed attempts. Try again in 6 seconds.'],
    ['en', '1', 'Log in', 'Too many failed attempts. Try again in 1 second.'],
    ['en', '150', 'Log in', 'Too many failed attempts. Try again in 3 minutes.'],
    ['es', '6', 'Iniciar sesión', 'Demasiados intentos fallidos. Vuelve a intentarlo en 6 segundos.'],
    ['fr', '60', 'Se connecter', 'Trop de tentatives échouées. Réessayez dans 1 minute.'],
  ]
  for (const [lang, retryAfter, submit, message] of waits)
    it(`says the wait the server gives after too many attempts (${lang}, ${retryAfter} s)`, async () => {
      server.route('POST', '/api/auth/login', {
        status: 410,
        body: { code: 410, message: 'Too many attempts' },
        headers: { 'retry-after': retryAfter },
      })
      const login = await loginPage(lang)
      await fill(login, GOOD)
      button(login, submit).click()
      await waitUntil(() => shadow(login).querySelector('[role="alert"]'), 'no refusal')
      expect(shadow(login).querySelector('[role="alert"]')?.textContent).to.equal(message)
    })

  it('keeps the focus on Log in through a refused password, and sends once however often it is pressed', async () => {
    let refuse: () => void = () => undefined
    server.route(
      'POST',
      '/api/auth/login',
      () =>
        new Promise(
          (resolve) => (refuse = () => resolve({ status: 401, body: { code: 401, message: 'refused' } })),
        ),
    )
    const login = await loginPage()
    await fill(login, GOOD)
    await frames(1)
    const submit = button(login, 'Log in')
    submit.focus()
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => submit.getAttribute('aria-disabled') === 'true', 'not signing in')
    expect(shadow(login).activeElement === submit, 'the focus left Log in while it signs in').to.equal(true)
    await sendKeys({ press: 'Enter' })
    refuse()
    await waitUntil(() => shadow(login).querySelector('[role="alert"]'), 'no refusal')
    expect(submit.getAttribute('aria-disabled')).to.equal('false')
    expect(shadow(login).activeElement === submit, 'the focus left Log in after the refusal').to.equal(true)
    expect(server.to('/api/auth/login')).to.have.length(1)
  })

  it('shows the Spanish message in Spanish', async () => {
    server.route('POST', '/api/auth/login', { status: 401, body: { code: 401, message: 'Bad' } })
    const login = await loginPage('es')
    await fill(login, GOOD)
    button(login, 'Iniciar sesión').click()
    await waitUntil(() =>
      visibleText(login).includes('El correo electrónico o la contraseña no son correctos.'),
    )
  })

  it('sends the login with the agreement and X-Redirect, then asks for the code on 412', async () => {
    server.route('POST', '/api/auth/login', (request) =>
      (request.body as { otp?: string }).otp === '123456'
        ? { status: 401, body: { code: 401, message: 'Bad code' } }
        : { status: 412, body: { code: 412, message: 'Code required' } },
    )
    const login = await loginPage()
    await fill(login, GOOD)
    button(login, 'Log in').click()
    await waitUntil(() => shadow(login).querySelector('input[name="otp"]'), 'no code field')
    expect(shadow(login).querySelector('[role="alert"]')).to.equal(null)
    const [first] = server.requests
    expect(first!.body).to.deep.include({ email: 'ana@demo.test', password: 'demo1234', agreement: true })
    expect(first!.headers.get('x-redirect')).to.equal(location.href)
    expect(first!.token).to.equal(null)

    await fill(login, { otp: '123456' })
    button(login, 'Verify').click()
    await waitUntil(() => visibleText(login).includes('The verification code is incorrect.'))
    expect(server.requests[1]!.body).to.deep.include({ otp: '123456' })
  })

  it('tells a code already used or expired (code-expired) from a wrong one (wrong-code)', async () => {
    server.route('POST', '/api/auth/login', (request) => {
      const otp = (request.body as { otp?: string }).otp
      if (otp === undefined) return { status: 412, body: { code: 412, message: 'Code required' } }
      const reason = otp === '111111' ? 'code-expired' : 'wrong-code'
      return { status: 401, body: { code: 401, message: 'Refused', reason } }
    })
    const login = await loginPage()
    await fill(login, GOOD)
    button(login, 'Log in').click()
    await waitUntil(() => shadow(login).querySelector('input[name="otp"]'), 'no code field')
    await fill(login, { otp: '111111' })
    button(login, 'Verify').click()
    await waitUntil(
      () => visibleText(login).includes('The verification code has expired or was already used.'),
      'no expired message',
    )
    expect(visibleText(login)).not.to.contain('The verification code is incorrect.')
    await fill(login, { otp: '222222' })
    button(login, 'Verify').click()
    await waitUntil(
      () => visibleText(login).includes('The verification code is incorrect.'),
      'no wrong-code message',
    )
    expect(visibleText(login)).not.to.contain('already used')
  })

  it('enters with level 5 and keeps the tokens for this tab only without remember-me', async () => {
    const accessToken = freshToken(Date.now())
    server.route('POST', '/api/auth/login', {
      status: 200,
      body: { level: 5, accessToken, refreshToken: 'R1', redirect: false, location: '/' },
    })
    const login = await loginPage()
    const seen: unknown[] = []
    login.addEventListener('agent-session-change', (event) => seen.push(event.detail))
    await fill(login, GOOD)
    button(login, 'Log in').click()
    await waitUntil(() => visibleText(login).includes('You are signed in.'))
    expect($tokens.get()).to.deep.equal({ accessToken, refreshToken: 'R1', remember: false })
    expect(sessionStorage.getItem('agent-console:tokens')).to.contain('R1')
    expect(localStorage.getItem('agent-console:tokens')).to.equal(null)
    expect(seen).to.deep.equal([{ signedIn: true, userId: '64b7f0c2a1b2c3d4e5f60718' }])
  })

  it('keeps the refresh token across browser restarts with remember-me', async () => {
    server.route('POST', '/api/auth/login', {
      status: 200,
      body: {
        level: 5,
        accessToken: freshToken(Date.now()),
        refreshToken: 'R9',
        redirect: false,
        location: '/',
      },
    })
    const login = await loginPage()
    await fill(login, { ...GOOD, remember: true })
    button(login, 'Log in').click()
    await waitUntil(() => $tokens.get() !== null)
    expect(localStorage.getItem('agent-console:tokens')).to.contain('R9')
    expect(sessionStorage.getItem('agent-console:tokens')).to.equal(null)
    expect(server.requests[0]!.body).to.deep.include({ remember: true })
  })

  describe('a user below agent level', () => {
    let time: FakeClock
    let navigation: ReturnType<typeof recordNavigation>
    beforeEach(() => {
      time = fakeClock()
      navigation = recordNavigation()
    })
    afterEach(() => {
      navigation.restore()
      time.restore()
    })

    it('sees a notice and goes to the dashboard after 10 s, without entering', async () => {
      server.route('POST', '/api/auth/login', {
        status: 200,
        body: {
          level: 3,
          accessToken: 'x',
          refreshToken: 'y',
          redirect: true,
          location: 'https://admin.example/dashboard',
        },
      })
      const login = await loginPage()
      await fill(login, GOOD)
      button(login, 'Log in').click()
      await waitUntil(() => visibleText(login).includes('This console is for agents only.'))
      expect(visibleText(login)).to.contain('in 10 seconds')
      await time.tick(LOGIN_REDIRECT_MS - 1)
      expect(navigation.assigned).to.deep.equal([])
      await time.tick(1)
      expect(navigation.assigned).to.deep.equal(['https://admin.example/dashboard'])
      expect($tokens.get()).to.equal(null)
    })

    const LOWER = {
      status: 200,
      body: {
        level: 3,
        accessToken: 'x',
        refreshToken: 'y',
        redirect: true,
        location: 'https://admin.example/dashboard',
      },
    }
    /** What the live regions of the screen hold: what a screen reader says again when it changes. */
    const liveText = (login: Element) =>
      [
        ...shadow(login).querySelectorAll(
          '[role="status"], [role="alert"], [role="log"], [role="timer"], [aria-live]:not([aria-live="off"])',
        ),
      ]
        .map((region) => region.textContent)
        .join('|')

    it('takes the focus to the notice, and the ticking seconds are not said again each second', async () => {
      server.route('POST', '/api/auth/login', LOWER)
      const login = await loginPage()
      await fill(login, GOOD)
      await frames(1)
      const submit = button(login, 'Log in')
      submit.focus()
      await sendKeys({ press: 'Enter' })
      await waitUntil(() => visibleText(login).includes('This console is for agents only.'), 'no notice')
      await waitUntil(() => shadow(login).activeElement !== null, 'the focus fell to the page')
      expect(document.activeElement).to.equal(login)
      const focused = shadow(login).activeElement!
      expect(focused.closest('.notice'), 'the focus is not in the notice').to.not.equal(null)
      expect(focused.textContent).to.contain('This console is for agents only.')
      const before = liveText(login)
      await time.tick(1_000)
      await waitUntil(() => visibleText(login).includes('in 9 seconds'), 'the countdown stopped')
      expect(liveText(login)).to.equal(before)
      await time.tick(1_000)
      await waitUntil(() => visibleText(login).includes('in 8 seconds'), 'the countdown stopped')
      expect(liveText(login)).to.equal(before)
    })

    it('leaves a focus the user put in the host page, and says the notice once in a live region', async () => {
      let answer: () => void = () => undefined
      server.route('POST', '/api/auth/login', () => new Promise((resolve) => (answer = () => resolve(LOWER))))
      const outside = document.createElement('button')
      outside.textContent = 'Host page'
      document.body.append(outside)
      try {
        const login = await loginPage()
        await fill(login, GOOD)
        button(login, 'Log in').click()
        await waitUntil(() => server.to('/api/auth/login').length === 1, 'not sent')
        outside.focus()
        answer()
        await waitUntil(() => liveText(login).includes('This console is for agents only.'), 'not announced')
        expect(document.activeElement).to.equal(outside)
        const said = liveText(login)
        expect(said).to.contain('in 10 seconds')
        await time.tick(1_000)
        await waitUntil(() => visibleText(login).includes('in 9 seconds'), 'the countdown stopped')
        expect(liveText(login)).to.equal(said)
      } finally {
        outside.remove()
      }
    })
  })

  it('suggests a corrected domain when the email is left, and applies it on click', async () => {
    const login = await loginPage()
    const email = input(login, 'email')
    type(email, 'ana@gmial.com')
    // What the browser fires when focus leaves the field.
    email.dispatchEvent(new FocusEvent('blur'))
    email.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }))
    await waitUntil(() => visibleText(login).includes('Did you mean ana@gmail.com?'), 'no suggestion')
    button(login, 'ana@gmail.com').click()
    await waitUntil(() => input(login, 'email').value === 'ana@gmail.com')
    expect(visibleText(login)).not.to.contain('Did you mean')
  })

  it('suggests nothing for a correct address or a test domain', async () => {
    const login = await loginPage()
    for (const address of ['ana@gmail.com', 'ana@demo.test', 'ana@acme.com']) {
      type(input(login, 'email'), address)
      input(login, 'email').dispatchEvent(new FocusEvent('blur'))
      input(login, 'email').dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }))
    }
    await frames(1)
    await import('@zootools/email-spell-checker')
    await Promise.resolve()
    expect(visibleText(login)).not.to.contain('Did you mean')
  })

  it('hides the password in enterprise SSO mode and sends the SSO request', async () => {
    const navigation = recordNavigation()
    server.route('POST', '/api/auth/sso', { status: 200, body: { location: '/api/auth/sso/authorize?x=1' } })
    try {
      const login = await loginPage()
      button(login, 'Enterprise SSO').click()
      await waitUntil(() => !shadow(login).querySelector('input[name="password"]'))
      await fill(login, { email: 'sso@demo.test', agreement: true })
      button(login, 'Continue with SSO').click()
      await waitUntil(() => navigation.assigned.length === 1)
      expect(navigation.assigned).to.deep.equal(['/api/auth/sso/authorize?x=1'])
      expect(server.to('/api/auth/sso')[0]!.body).to.deep.equal({
        email: 'sso@demo.test',
        agreement: true,
        remember: false,
      })
      button(login, 'Back').click()
      await waitUntil(() => shadow(login).querySelector('input[name="password"]'))
    } finally {
      navigation.restore()
    }
  })

  it('claims a session by id on load', async () => {
    server.route('GET', '/api/auth/login/abc123', {
      status: 200,
      body: {
        level: 5,
        accessToken: freshToken(Date.now()),
        refreshToken: 'RC',
        redirect: false,
        location: '/',
      },
    })
    const login = await mount(html`<agent-login lang="en" claim="abc123"></agent-login>`)
    await waitUntil(() => $tokens.get()?.refreshToken === 'RC')
    expect(server.requests.map((request) => request.path)).to.deep.equal(['/api/auth/login/abc123'])
    await waitUntil(() => visibleText(login).includes('You are signed in.'))
  })

  it("is not the host page's main landmark: the page keeps its own", async () => {
    const login = await loginPage()
    expect(shadow(login).querySelector('.login')?.tagName).to.equal('DIV')
    expect(shadow(login).querySelectorAll('main').length).to.equal(0)
    // The card is still a named region, and the form is there.
    const card = shadow(login).querySelector('.login section[aria-labelledby="login-title"]')
    expect(card?.querySelector('#login-title')?.textContent).to.equal('Sign in to the agent console')
    expect(input(login, 'email')).to.exist
  })

  it('opened signed in: says so on an inset line whose log-out button looks like a text button', async () => {
    signIn(Date.now())
    const login = await loginPage()
    await waitUntil(() => visibleText(login).includes('You are signed in.'))
    const line = shadow(login).querySelector('.signed-in')!
    expect(parseFloat(getComputedStyle(line).paddingInlineStart)).to.be.greaterThan(0)
    const logOut = button(login, 'Log out')
    // No login screen was drawn first: the line brings the buttons' styles itself.
    expect(getComputedStyle(logOut).backgroundColor).to.equal('rgba(0, 0, 0, 0)')
    expect(getComputedStyle(logOut).cursor).to.equal('pointer')
  })
})
