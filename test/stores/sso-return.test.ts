import { expect } from '@open-wc/testing'
import { $login, noteSsoReturn, resetLogin } from '../../src/stores/session/login'

describe('coming back from the identity provider', () => {
  afterEach(resetLogin)

  it('shows the SSO failure when the server sent the agent back with sso-error', () => {
    noteSsoReturn('?sso-error=401')
    expect($login.get()).to.deep.include({ sso: true, error: { id: 'login.errors.sso' } })
  })

  it('changes nothing on a plain visit', () => {
    noteSsoReturn('?lang=es')
    expect($login.get()).to.deep.include({ sso: false, error: null })
  })
})
