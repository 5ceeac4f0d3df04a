import { expect } from '@open-wc/testing'
import { createIntl } from 'react-intl'
import { formatBytes, formatSpeed, formatTimeLeft } from '../../../src/components/call/format-bytes'

describe('components/call/format-bytes: sizes, speeds and time left in the agent language', () => {
  const en = createIntl({ locale: 'en' })
  const es = createIntl({ locale: 'es' })

  it('formats sizes and speeds with the right unit', () => {
    expect(formatBytes(en, 512)).to.equal('512 byte')
    expect(formatBytes(en, 5_242_880)).to.equal('5.2 MB')
    expect(formatBytes(en, 3_000_000_000)).to.equal('3 GB')
    expect(formatSpeed(en, 2_300_000)).to.equal('2.3 MB/s')
    expect(formatBytes(es, 5_242_880)).to.equal('5,2 MB')
  })

  it('says time left in seconds, minutes or hours', () => {
    expect(formatTimeLeft(en, 12_400)).to.equal('13 sec')
    expect(formatTimeLeft(en, 5 * 60_000)).to.equal('5 min')
    expect(formatTimeLeft(en, 3 * 3_600_000)).to.equal('3 hr')
  })
})
