import { expect } from '@open-wc/testing'
import { currentChromium } from '../../src/services/browser-hints'
import { $browserSupport, checkBrowser } from '../../src/stores/app/browser-banner'

const brands = (...list: [string, string][]) => ({
  brands: list.map(([brand, version]) => ({ brand, version })),
})
const CHROME_131 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe('services/browser-hints', () => {
  it('proves a current Chromium supported from its brands', () => {
    const hints = brands(['Google Chrome', '131'], ['Chromium', '131'], ['Not_A Brand', '24'])
    expect(currentChromium(hints, CHROME_131)).to.equal(true)
  })

  it('proves nothing for Chromium 110 and older, without brands, or with a broken version', () => {
    expect(currentChromium(brands(['Chromium', '110']), CHROME_131)).to.equal(false)
    expect(currentChromium(brands(['Google Chrome', '131']), CHROME_131)).to.equal(false)
    expect(currentChromium(brands(['Chromium', 'x']), CHROME_131)).to.equal(false)
    expect(currentChromium(undefined, CHROME_131)).to.equal(false)
    expect(currentChromium({ brands: 'Chromium' } as never, CHROME_131)).to.equal(false)
  })

  it('proves nothing for browsers SPEC §8 deprecates on any engine (Yandex, in-app)', () => {
    const hints = brands(['Chromium', '124'])
    expect(currentChromium(hints, `${CHROME_131} YaBrowser/24.4.0.0`)).to.equal(false)
    expect(currentChromium(hints, `${CHROME_131} [FBAN/FBIOS;FBAV/450.0.0.38.108]`)).to.equal(false)
  })

  it('classifies from the hints when they prove it, and with the parser when they do not', async () => {
    $browserSupport.set('deprecated')
    await checkBrowser(CHROME_131, brands(['Chromium', '131']))
    expect($browserSupport.get()).to.equal('supported')
    // Old Chromium hints prove nothing: the parser reads the string and finds Chrome 98 vulnerable.
    const chrome98 = CHROME_131.replace('131.0.0.0', '98.0.4758.102')
    await checkBrowser(chrome98, brands(['Chromium', '98']))
    expect($browserSupport.get()).to.equal('vulnerable')
  })
})
