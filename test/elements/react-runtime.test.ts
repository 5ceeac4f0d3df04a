// The React hook below must load before react-dom: ES modules evaluate in import order.
import { commits, renderers } from '../support/react-devtools-hook'
import { expect, fixtureCleanup } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { html } from 'lit'
import { version } from 'react'
import '../../src/elements/agent-login'
import { mount, shadow } from '../support/render'

describe('the runtime the elements render with', () => {
  afterEach(() => fixtureCleanup())

  it('is React DOM 19, as the renderer itself reports', () => {
    const announced = [...renderers.values()]
    expect(announced.map((renderer) => renderer.rendererPackageName)).to.deep.equal(['react-dom'])
    expect(announced[0]!.version).to.match(/^19\./)
    expect(version, 'React.version').to.equal(announced[0]!.version)
  })

  it("renders <agent-login>'s shadow root as a React 19 root", async () => {
    const login = await mount(html`<agent-login lang="en"></agent-login>`)
    const root = shadow(login)
    await waitUntil(
      () => commits.some((commit) => commit.container === root),
      'React never committed a root into the element',
      { timeout: 5_000 },
    )
    const commit = commits.find((candidate) => candidate.container === root)!
    expect(renderers.get(commit.rendererId)?.version).to.match(/^19\./)
    // React DOM marks each node it renders with its fiber.
    const rendered = root.querySelector('.agent-root')!
    expect(Object.keys(rendered).some((key) => key.startsWith('__reactFiber$'))).to.equal(true)
  })
})
