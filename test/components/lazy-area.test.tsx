import { expect, fixtureCleanup } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { createRoot, type Root } from 'react-dom/client'
import { IntlProvider } from 'react-intl'
import { LazyArea } from '../../src/components/common/LazyArea'
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/constants'
import en from '../../locales/en.json'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import { replacePageNavigation } from '../../src/services/page'
import { watchPresence } from '../../src/stores/app/browser-presence'

function Loaded({ label }: { label: string }) {
  return <p className="area">{label}</p>
}

describe('<LazyArea>', () => {
  let host: HTMLDivElement
  let root: Root
  let time: FakeClock

  beforeEach(() => {
    time = fakeClock()
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  })
  afterEach(() => {
    root.unmount()
    host.remove()
    time.restore()
    fixtureCleanup()
  })

  const render = (load: () => Promise<{ default: typeof Loaded }>) =>
    root.render(
      <IntlProvider locale="en" messages={en}>
        <LazyArea load={load} props={{ label: 'calendar here' }} />
      </IntlProvider>,
    )

  it('shows loading, then the area once its chunk arrives', async () => {
    let arrive: ((module: { default: typeof Loaded }) => void) | undefined
    render(() => new Promise((resolve) => (arrive = resolve)))
    await waitUntil(() => host.textContent?.includes('Loading') && arrive, 'the chunk was not asked for')
    arrive!({ default: Loaded })
    await waitUntil(() => host.querySelector('.area'))
    expect(host.textContent).to.equal('calendar here')
  })

  it('shows the error with a retry when the chunk fails, and loads it on retry', async () => {
    let attempts = 0
    render(() => {
      attempts += 1
      return attempts === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Loaded })
    })
    await waitUntil(() => host.textContent?.includes('could not be loaded'))
    expect(host.querySelector('[role="alert"]')).to.exist
    host.querySelector('button')!.click()
    await waitUntil(() => host.querySelector('.area'))
    expect(attempts).to.equal(2)
    expect(host.textContent).to.equal('calendar here')
  })

  it('asks again by itself for a chunk that failed while offline once the browser is back online', async () => {
    const stop = watchPresence({ offline: () => {}, online: () => {}, wake: () => {} })
    try {
      window.dispatchEvent(new Event('offline'))
      let attempts = 0
      render(() => {
        attempts += 1
        return attempts === 1
          ? Promise.reject(new Error('net::ERR_INTERNET_DISCONNECTED'))
          : Promise.resolve({ default: Loaded })
      })
      await waitUntil(() => host.textContent?.includes('could not be loaded'), 'no error shown', {
        timeout: 5_000,
      })
      window.dispatchEvent(new Event('online'))
      await waitUntil(() => host.querySelector('.area'), 'the chunk was not asked for again', {
        timeout: 5_000,
      })
      expect(attempts).to.equal(2)
      expect(host.textContent).to.equal('calendar here')
    } finally {
      stop()
    }
  })

  it('gives up after two minutes and offers a retry, never a blank element', async () => {
    let asked = false
    render(() => {
      asked = true
      return new Promise(() => {})
    })
    await waitUntil(() => host.textContent?.includes('Loading') && asked, 'the chunk was not asked for')
    await time.tick(CHUNK_LOAD_TIMEOUT_MS - 1)
    expect(host.textContent).to.contain('Loading')
    await time.tick(1)
    await waitUntil(() => host.textContent?.includes('taking too long'))
    expect(host.querySelector('button')?.textContent).to.equal('Try again')
  })

  it('offers to reload the page when a retry fails too, and reloads it when asked', async () => {
    let reloads = 0
    const restore = replacePageNavigation({ assign: () => {}, reload: () => (reloads += 1) })
    try {
      let attempts = 0
      render(() => {
        attempts += 1
        return Promise.reject(new Error('chunk unreachable'))
      })
      await waitUntil(() => host.textContent?.includes('could not be loaded'))
      expect([...host.querySelectorAll('button')].map((button) => button.textContent)).to.deep.equal([
        'Try again',
      ])
      host.querySelector('button')!.click()
      await waitUntil(() => host.textContent?.includes('still cannot be loaded'))
      expect(attempts).to.equal(2)
      const buttons = [...host.querySelectorAll('button')]
      expect(buttons.map((button) => button.textContent)).to.deep.equal(['Try again', 'Reload the page'])
      await expect(host).to.be.accessible()
      buttons[1]!.click()
      expect(reloads).to.equal(1)
    } finally {
      restore()
    }
  })
})
