import { expect, fixtureCleanup } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { createRoot, type Root } from 'react-dom/client'
import { IntlProvider } from 'react-intl'
import { LazyOverlay } from '../../src/components/common/LazyOverlay'
import en from '../../locales/en.json'
import { baseStyles } from '../../src/components/root/base.styles'

function Drawer({ label }: { label: string }) {
  return <p className="drawer">{label}</p>
}

describe('<LazyOverlay>', () => {
  let host: HTMLDivElement
  let root: Root
  let closes: number
  let style: HTMLStyleElement

  beforeEach(() => {
    closes = 0
    // The console's base styles, which hide the loading line from sight.
    style = document.createElement('style')
    style.textContent = baseStyles.cssText
    document.head.append(style)
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  })
  afterEach(() => {
    root.unmount()
    host.remove()
    style.remove()
    fixtureCleanup()
  })

  const render = (load: () => Promise<{ default: typeof Drawer }>, open = true) =>
    root.render(
      <IntlProvider locale="en" messages={en}>
        <LazyOverlay
          load={load}
          props={{ label: 'drawer here' }}
          titleId="shell.schedule"
          onClose={() => (closes += 1)}
          open={open}
        />
      </IntlProvider>,
    )
  const dialog = () => host.querySelector<HTMLDialogElement>('dialog[role=alertdialog]')
  const buttons = () => [...(dialog()?.querySelectorAll('button') ?? [])].map((button) => button.textContent)

  it('takes no room in the page while its chunk loads, and says so to a screen reader', async () => {
    let arrive: ((module: { default: typeof Drawer }) => void) | undefined
    render(() => new Promise((resolve) => (arrive = resolve)))
    await waitUntil(() => arrive, 'the chunk was not asked for')
    const status = host.querySelector('[role=status]')!
    expect(status.textContent).to.equal('Loading…')
    expect(status.getBoundingClientRect().height).to.be.at.most(1)
    arrive!({ default: Drawer })
    await waitUntil(() => host.querySelector('.drawer'))
    expect(host.textContent).to.equal('drawer here')
  })

  it('shows a failure as a modal dialog named after the overlay, the focus on Try again', async () => {
    let attempts = 0
    render(() => {
      attempts += 1
      return attempts === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Drawer })
    })
    await waitUntil(() => dialog()?.open, 'no dialog')
    expect(dialog()!.matches(':modal')).to.equal(true)
    expect(dialog()!.querySelector('h2')!.textContent).to.equal('Schedule')
    expect(dialog()!.textContent).to.contain('This part of the console could not be loaded.')
    expect(buttons()).to.deep.equal(['Close', 'Try again'])
    expect(document.activeElement?.textContent).to.equal('Try again')
    await expect(host).to.be.accessible()
    ;(document.activeElement as HTMLButtonElement).click()
    await waitUntil(() => host.querySelector('.drawer'), 'the retry did not load the chunk')
    expect(attempts).to.equal(2)
    expect(dialog()).to.equal(null)
    expect(closes).to.equal(0)
  })

  it('is closed by its Close button and by Escape, telling the owner each time', async () => {
    render(() => Promise.reject(new Error('chunk 404')))
    await waitUntil(() => dialog()?.open, 'no dialog')
    ;[...dialog()!.querySelectorAll('button')].find((button) => button.textContent === 'Close')!.click()
    expect(closes).to.equal(1)
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }))
    expect(closes).to.equal(2)
    // The owner decides: the dialog stays until it unmounts the overlay.
    expect(dialog()!.open).to.equal(true)
  })

  it('offers to reload the page when a retry fails too', async () => {
    render(() => Promise.reject(new Error('chunk unreachable')))
    await waitUntil(() => dialog()?.open, 'no dialog')
    ;[...dialog()!.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!.click()
    await waitUntil(() => dialog()?.textContent?.includes('still cannot be loaded'), 'not stuck')
    expect(buttons()).to.deep.equal(['Close', 'Reload the page', 'Try again'])
  })

  it('shows no failure while its owner has it closed, and asks again when opened again', async () => {
    let attempts = 0
    const load = () => {
      attempts += 1
      return attempts === 1 ? Promise.reject(new Error('chunk 404')) : Promise.resolve({ default: Drawer })
    }
    render(load, true)
    await waitUntil(() => dialog()?.open, 'no dialog')
    render(load, false)
    await waitUntil(() => !dialog(), 'the dialog stayed with the overlay closed')
    expect(attempts).to.equal(1)
    render(load, true)
    await waitUntil(() => host.querySelector('.drawer'), 'opening it again did not ask again')
    expect(attempts).to.equal(2)
  })
})
