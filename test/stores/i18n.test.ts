import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { configure, resetConfig } from '../../src/stores/app/config'
import { $messages, withMessages } from '../../src/stores/app/i18n'

describe('i18n: the lazy areas’ messages', () => {
  let unbind: () => void
  beforeEach(() => {
    resetConfig()
    configure({ lang: 'en' })
    unbind = $messages.listen(() => {})
  })
  afterEach(() => {
    unbind()
    resetConfig()
  })

  it('resolves an area’s module only once the messages in use cover the area', async () => {
    const module = { default: 'the area' }
    const loaded = await withMessages('test/AreaOne', Promise.resolve(module))
    expect(loaded).to.equal(module)
    const messages = $messages.get()
    expect(messages?.locale).to.equal('en')
    expect(messages?.areas.has('test/AreaOne')).to.equal(true)
    expect(messages?.messages['app.loading']).to.exist
  })

  it('keeps the areas shown so far covered in the new language on a switch', async () => {
    await withMessages('test/AreaTwo', Promise.resolve({}))
    configure({ lang: 'fr' })
    await waitUntil(() => $messages.get()?.locale === 'fr', 'French never came', { timeout: 5_000 })
    expect($messages.get()?.areas.has('test/AreaTwo')).to.equal(true)
    expect(JSON.stringify($messages.get()?.messages['app.loading'])).to.include('Chargement')
  })

  it('fails as its chunk does, so the area offers its retry', async () => {
    let failure: unknown
    await withMessages('test/AreaThree', Promise.reject(new Error('chunk 404'))).catch((error: unknown) => {
      failure = error
    })
    expect(String(failure)).to.include('chunk 404')
  })

  it('keeps no area whose load failed: the areas after it load without it', async () => {
    // A chunk cut by a server restart stays failed in Chromium; kept, it would fail every later area.
    await withMessages('test/AreaFour', Promise.reject(new Error('connection reset'))).catch(() => undefined)
    await withMessages('test/AreaFive', Promise.resolve({}))
    expect($messages.get()?.areas.has('test/AreaFive')).to.equal(true)
    expect($messages.get()?.areas.has('test/AreaFour')).to.equal(false)
  })
})
