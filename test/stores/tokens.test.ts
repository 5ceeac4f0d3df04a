import { expect } from '@open-wc/testing'
import * as v from 'valibot'
import { api } from '../../src/stores/session/connection'
import { $tokens, setTokens } from '../../src/stores/session/tokens'
import { submitLogin } from '../../src/stores/session/login'
import { configure } from '../../src/stores/app/config'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { freshToken, resetSession, signIn } from '../support/session'

const Value = v.object({ value: v.number() })

/** Everything the console wrote to Web Storage, as text. */
function storedText(): string {
  const all: string[] = []
  for (const storage of [localStorage, sessionStorage])
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? ''
      if (key.includes('agent-console')) all.push(`${key}=${storage.getItem(key) ?? ''}`)
    }
  return all.join('\n')
}

describe('where the tokens live', () => {
  let server: FakeApi
  beforeEach(() => {
    server = fakeApi()
  })
  afterEach(() => {
    server.restore()
    resetSession()
  })

  it('never writes the access token to Web Storage', () => {
    const now = Date.now()
    signIn(now, true)
    const access = $tokens.get()?.accessToken ?? ''
    expect(access).to.not.equal('')
    expect(storedText()).to.not.include(access)
    expect(localStorage.getItem('agent-console:tokens')).to.include('R1')
  })

  it('stores nothing secret when the refresh token is in the server cookie', () => {
    setTokens({ accessToken: freshToken(Date.now()), refreshToken: null, remember: false })
    expect(JSON.parse(sessionStorage.getItem('agent-console:tokens') ?? 'null')).to.deep.equal({
      refreshToken: null,
      remember: false,
    })
  })

  it('renews through the cookie (no token in the body) and keeps the new access token in memory', async () => {
    setTokens({ accessToken: '', refreshToken: null, remember: true })
    const renewed = freshToken(Date.now(), 'C')
    server.route('POST', '/api/auth/refresh-token', (request) => {
      expect(request.body).to.deep.equal({})
      expect(request.headers.get('x-refresh-transport')).to.equal('cookie')
      return { status: 200, body: { accessToken: renewed } }
    })
    server.route('GET', '/api/widget', (request) =>
      request.token === renewed
        ? { status: 200, body: { value: 7 } }
        : { status: 401, body: { code: 401, message: 'expired' } },
    )
    expect((await api().get('/widget', { schema: Value })).value).to.equal(7)
    expect($tokens.get()).to.deep.equal({ accessToken: renewed, refreshToken: null, remember: true })
    expect(storedText()).to.not.include(renewed)
  })

  it('asks for the cookie when the API is on the page origin, and takes the token in the body from an API elsewhere', async () => {
    const answer = {
      status: 200,
      body: { level: 5, accessToken: freshToken(Date.now()), redirect: false, location: '/' },
    }
    server.route('POST', '/api/auth/login', answer)
    await submitLogin({ email: 'ana@demo.test', password: 'x', remember: false, agreement: true, otp: '' })
    expect(server.to('/api/auth/login')[0]?.headers.get('x-refresh-transport')).to.equal('cookie')
    expect($tokens.get()?.refreshToken).to.equal(null)
    resetSession()

    configure({ apiUrl: 'https://api.crm.example/api' })
    // The fake server answers by path, whatever the origin.
    server.route('POST', '/api/auth/login', { status: 200, body: { ...answer.body, refreshToken: 'R9' } })
    await submitLogin({ email: 'ana@demo.test', password: 'x', remember: false, agreement: true, otp: '' })
    expect(server.to('/api/auth/login')[1]?.headers.get('x-refresh-transport')).to.equal(null)
    expect($tokens.get()?.refreshToken).to.equal('R9')
  })
})
