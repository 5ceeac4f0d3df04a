import { expect, fixtureCleanup } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import '../../src/elements/index'
import { $config, resetConfig } from '../../src/stores/app/config'
import { mount, shadow, visibleText } from '../support/render'

describe('one session per page', () => {
  afterEach(() => {
    fixtureCleanup()
    resetConfig()
  })

  it('registers all five elements from the bundle entry', () => {
    for (const tag of ['agent-console', 'agent-login', 'agent-status', 'agent-call-panel', 'agent-calendar'])
      expect(customElements.get(tag), tag).to.be.a('function')
  })

  it('renders each element into its own open shadow root', async () => {
    const status = await mount(html`<agent-status lang="en"></agent-status>`)
    expect(shadow(status).mode).to.equal('open')
    expect(visibleText(status)).to.contain('Status')
  })

  it('takes the configuration from the first element connected', async () => {
    await mount(html`
      <div>
        <agent-status api-url="https://one.example/api" lang="es"></agent-status>
      </div>
    `)
    await mount(html`<agent-login api-url="https://two.example/api"></agent-login>`)
    expect($config.get().apiUrl).to.equal('https://one.example/api')
    expect($config.get().lang).to.equal('es')
  })

  it('shows a language change made through one element in the other', async () => {
    const page = await mount<HTMLDivElement>(html`
      <div>
        <agent-status lang="en"></agent-status>
        <agent-call-panel></agent-call-panel>
      </div>
    `)
    const status = page.querySelector('agent-status')!
    const panel = page.querySelector('agent-call-panel')!
    // The previous test left Spanish loaded: the page follows this element's lang="en".
    await waitUntil(() => visibleText(panel).includes('No active call'), 'the panel did not speak English')

    status.setAttribute('lang', 'fr')

    await waitUntil(
      () => visibleText(panel).includes('Aucun appel en cours'),
      'the panel did not switch to French',
    )
    expect(visibleText(status)).to.contain('Statut')
  })

  it('tells the host page about a language change with a composed agent- event', async () => {
    const status = await mount(html`<agent-status lang="en"></agent-status>`)
    const seen: string[] = []
    document.addEventListener('agent-locale-change', (event) => seen.push(event.detail.locale), {
      once: true,
    })
    status.setAttribute('lang', 'es')
    await waitUntil(() => seen.length > 0)
    expect(seen).to.deep.equal(['es'])
  })
})
