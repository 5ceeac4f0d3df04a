import { expect, fixtureCleanup } from '@open-wc/testing'
import { html } from 'lit'
import '../../src/elements/index'
import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js'
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js'
import '@shoelace-style/shoelace/dist/components/drawer/drawer.js'
import { ownRemSheet, withOwnRem } from '../../src/components/root/own-rem'
import { themeStyles } from '../../src/components/root/theme.styles'
import { shellStyles } from '../../src/components/shell/shell.styles'
import { callStyles } from '../../src/components/call/call.styles'
import { resetConfig } from '../../src/stores/app/config'
import { mount, shadow } from '../support/render'

/** The element's inner root box, in CSS pixels. */
function innerBox(element: Element) {
  const root = shadow(element).querySelector('.agent-root')
  if (!root) throw new Error('no inner root')
  const { width, height } = root.getBoundingClientRect()
  return { width: Math.round(width), height: Math.round(height), font: getComputedStyle(root).fontSize }
}

describe('isolation from the host page’s sizes, and the theme API', () => {
  afterEach(() => {
    fixtureCleanup()
    resetConfig()
    document.documentElement.style.removeProperty('font-size')
    document.documentElement.style.removeProperty('--agent-size')
  })

  it('rewrites rem lengths, negative and fractional ones too, and leaves other text alone', () => {
    expect(withOwnRem('padding: 0.5rem 1rem; margin: -2rem; width: calc(.25rem + 1px)')).to.equal(
      'padding: calc(0.5 * var(--agent-rem)) calc(1 * var(--agent-rem)); margin: calc(-2 * var(--agent-rem)); width: calc(calc(.25 * var(--agent-rem)) + 1px)',
    )
    expect(withOwnRem('.remove-button { font-size: 1em } #x1rem')).to.equal(
      '.remove-button { font-size: 1em } #x1rem',
    )
  })

  it('turns rem in a container or media condition into pixels (a condition cannot hold var())', () => {
    expect(withOwnRem('@container (max-width: 48rem) { .a { padding: 1rem } }')).to.equal(
      '@container (max-width: 768px) { .a { padding: calc(1 * var(--agent-rem)) } }',
    )
    expect(withOwnRem('@media (min-width: 2.5rem) and (max-width: 60rem) {')).to.equal(
      '@media (min-width: 40px) and (max-width: 960px) {',
    )
  })

  it('keeps every container query of the shell and the call area (the narrow and wide layouts)', () => {
    for (const styles of [shellStyles, callStyles]) {
      const sheet = ownRemSheet(styles)
      if (!sheet) throw new Error('no constructable stylesheet')
      const queries = [...sheet.cssRules].filter((rule) => rule instanceof CSSContainerRule)
      expect(queries.length).to.equal(styles.cssText.match(/@container/g)?.length)
      for (const query of queries)
        expect((query as CSSContainerRule).conditionText).to.match(/^\(\w+-width: \d+px\)$/)
    }
  })

  it('keeps its size when the host page changes its root font size', async () => {
    const login = await mount(html`<agent-login lang="en" style="width: 600px"></agent-login>`)
    const plain = innerBox(login)
    document.documentElement.style.fontSize = '30px'
    const hostile = innerBox(login)
    expect(hostile).to.deep.equal(plain)
    expect(plain.font).to.equal('16px')
  })

  it("keeps Shoelace's own rem defaults (a dialog's width, a drawer's size) in the console's rem", async () => {
    // A shadow root styled as the elements style theirs (define-element.ts), holding Shoelace's dialog and drawer.
    const host = document.createElement('div')
    document.body.append(host)
    const root = host.attachShadow({ mode: 'open' })
    root.adoptedStyleSheets = [lightTheme, themeStyles].map((sheet) => {
      const own = ownRemSheet(sheet)
      if (!own) throw new Error('no constructable stylesheet')
      return own
    })
    root.innerHTML =
      '<sl-dialog open label="Dialog">Text</sl-dialog><sl-drawer open label="Drawer"></sl-drawer>'
    const panelWidth = async (tag: string) => {
      const element = root.querySelector(tag) as HTMLElement & { updateComplete: Promise<unknown> }
      await element.updateComplete
      return Math.round(element.shadowRoot!.querySelector('[part~=panel]')!.getBoundingClientRect().width)
    }
    try {
      document.documentElement.style.fontSize = '30px'
      // Shoelace's defaults are 31rem and 25rem: at the console's 16px, whatever the host's root says.
      expect(await panelWidth('sl-dialog')).to.equal(31 * 16)
      expect(await panelWidth('sl-drawer')).to.equal(25 * 16)
    } finally {
      host.remove()
    }
  })

  it('scales with --agent-size and takes --agent-color-primary, set on :root', async () => {
    document.documentElement.style.setProperty('--agent-size', '20px')
    const login = await mount(
      html`<agent-login lang="en" style="--agent-color-primary: rgb(1, 2, 3)"></agent-login>`,
    )
    expect(innerBox(login).font).to.equal('20px')
    expect(getComputedStyle(login).getPropertyValue('--sl-color-primary-600').trim()).to.equal('rgb(1, 2, 3)')
  })

  it('paints its own surface under its text on a dark host bar, which the host can take away', async () => {
    const status = await mount(html`<agent-status lang="en" style="background: #123"></agent-status>`)
    const root = shadow(status).querySelector('.agent-root')
    if (!root) throw new Error('no inner root')
    const look = getComputedStyle(root)
    // White under the console's dark text, as a rounded chip in the bar.
    expect(look.backgroundColor).to.equal('rgb(255, 255, 255)')
    expect(look.color).to.equal('rgb(24, 24, 27)')
    expect(parseFloat(look.borderTopLeftRadius)).to.be.greaterThan(0)
    expect(parseFloat(look.paddingInlineStart)).to.be.greaterThan(0)
    const override = document.createElement('style')
    override.textContent = 'agent-status::part(root) { background: transparent }'
    document.head.append(override)
    try {
      expect(getComputedStyle(root).backgroundColor).to.equal('rgba(0, 0, 0, 0)')
    } finally {
      override.remove()
    }
  })
})
