import { expect } from '@open-wc/testing'
import { tokenClaims } from '../../src/services/auth'
import { fakeJwt, USER_ID } from '../support/session'

describe('services/auth', () => {
  it('reads the claims of an access token', () => {
    const claims = tokenClaims(fakeJwt({ exp: 1_900_000_000 }))
    expect(claims).to.deep.include({ aud: USER_ID, exp: 1_900_000_000, lvl: 5 })
  })

  it('answers null for something that is not a token of the contract', () => {
    expect(tokenClaims('opaque')).to.equal(null)
    expect(tokenClaims('a.b.c')).to.equal(null)
    expect(tokenClaims(`x.${btoa(JSON.stringify({ aud: 'me' }))}.y`)).to.equal(null)
  })
})
