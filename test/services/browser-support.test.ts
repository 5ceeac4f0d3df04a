import { expect } from '@open-wc/testing'
import { browserSupport } from '../../src/services/browser-support'

const chrome = (version: string) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`
const edge = (version: string) => `${chrome(version)} Edg/${version}`
const firefox = (version: string) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}) Gecko/20100101 Firefox/${version}`
const safari = (version: string) =>
  `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version} Safari/605.1.15`

describe('services/browser-support', () => {
  const cases: [string, string, string][] = [
    ['Chrome 131', chrome('131.0.6778.85'), 'supported'],
    ['Chrome 111', chrome('111.0.5563.64'), 'supported'],
    ['Chrome 110', chrome('110.0.5481.77'), 'deprecated'],
    ['Chrome 99.0.4844.84', chrome('99.0.4844.84'), 'deprecated'],
    ['Chrome 99.0.4844.83', chrome('99.0.4844.83'), 'vulnerable'],
    ['Chrome 98', chrome('98.0.4758.102'), 'vulnerable'],
    ['Edge 110', edge('110.0.1587.41'), 'deprecated'],
    ['Edge 98', edge('98.0.1108.62'), 'vulnerable'],
    ['Edge 120', edge('120.0.2210.91'), 'supported'],
    ['Firefox 120', firefox('120.0'), 'deprecated'],
    ['Firefox 121', firefox('121.0'), 'supported'],
    ['Safari 14.1', safari('14.1.2'), 'deprecated'],
    ['Safari 15', safari('15.0'), 'supported'],
    [
      'Internet Explorer 11',
      'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
      'deprecated',
    ],
    [
      'Yandex',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.4.0.0 Safari/537.36',
      'deprecated',
    ],
    [
      'Instagram in-app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 305.0.0.34.110',
      'deprecated',
    ],
    [
      'Facebook in-app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108]',
      'deprecated',
    ],
  ]
  for (const [name, userAgent, expected] of cases)
    it(`classifies ${name} as ${expected}`, () => {
      expect(browserSupport(userAgent)).to.equal(expected)
    })
})
