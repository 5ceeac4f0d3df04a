import { expect } from '@open-wc/testing'
import { openCallPage } from '../support/call-page'

describe('agent elements and the Shoelace theme', () => {
  it('gives every element the theme, also one whose views rendered before it was connected', async () => {
    // The first panel loads the view chunks; the second renders its views from them at once.
    for (const round of [1, 2, 3]) {
      const page = await openCallPage()
      try {
        const primary = getComputedStyle(page.panel).getPropertyValue('--sl-color-primary-600').trim()
        expect(primary, `panel ${round}`).to.not.equal('')
      } finally {
        page.close()
      }
    }
  })
})
