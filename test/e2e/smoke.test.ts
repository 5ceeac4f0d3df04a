import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { collectErrors } from './support/browser'
import { freshWorld } from './support/world'

describe('the demo page', () => {
  const world = freshWorld()

  it('renders the console shell with no error in the browser console', async () => {
    const page = await (await world.newContext()).newPage()
    const errors = collectErrors(page)
    await page.goto(world.server.url)
    const root = page.locator('agent-console .agent-root')
    await root.waitFor({ state: 'visible', timeout: 15_000 })
    assert.ok((await root.textContent())?.trim(), 'the shell rendered no text')
    assert.deepEqual(errors, [])
  })

  it('serves /version.txt uncached', async () => {
    const response = await fetch(`${world.server.url}/version.txt`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('cache-control'), 'no-cache')
    assert.ok((await response.text()).trim().length > 0)
  })
})
