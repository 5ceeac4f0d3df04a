import { expect, fixtureCleanup } from '@open-wc/testing'
import { html } from 'lit'
import { configure, defineElements } from '../../src/elements/setup'
import { $config, $hostSession, resetConfig } from '../../src/stores/app/config'
import { mount } from '../support/render'

const TAGS = ['agent-console', 'agent-login', 'agent-status', 'agent-call-panel', 'agent-calendar']

describe('the side-effect-free setup entry', () => {
  afterEach(() => {
    fixtureCleanup()
    resetConfig()
  })

  // First: the module is imported, nothing else has run.
  it('defines no element on import, and configure() alone defines none either', () => {
    configure({ apiUrl: 'https://console.example.net/api' })
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.equal(undefined)
  })

  it('defines only the tags asked for, and refuses a tag it does not know', async () => {
    await defineElements(['agent-status'])
    expect(customElements.get('agent-status')).to.be.a('function')
    expect(customElements.get('agent-calendar')).to.equal(undefined)
    let error: unknown = null
    await defineElements(['agent-nope' as never]).catch((caught: unknown) => (error = caught))
    expect(String(error)).to.contain('agent-nope')
  })

  it('keeps configured keys over the first element’s attributes and takes the others from it', async () => {
    configure({ apiUrl: 'https://console.example.net/api' })
    await defineElements(['agent-status'])
    await mount(html`<agent-status api-url="https://host.example/api" lang="es"></agent-status>`)
    expect($config.get().apiUrl).to.equal('https://console.example.net/api')
    expect($config.get().lang).to.equal('es')
  })

  it('takes a token provider, refuses something that is not a function, and forgets it on request', () => {
    const provider = () => null
    configure({ tokenProvider: provider })
    expect($hostSession.get()?.provide).to.equal(provider)
    expect(() => configure({ tokenProvider: 'token' as never })).to.throw(TypeError)
    configure({ tokenProvider: null })
    expect($hostSession.get()).to.equal(null)
  })

  it('defaults the API, socket and policies to this page’s origin when the files come from it', () => {
    expect($config.get().apiUrl).to.equal('/api')
    expect($config.get().socketUrl).to.equal('')
    expect($config.get().policiesUrl).to.equal('/demo/policies.html')
  })
})
