import { expect } from '@open-wc/testing'
import { captureAdvice } from '../../src/services/capture-advice'

describe('captureAdvice', () => {
  it('names the way out of each capture failure the browser reports', () => {
    expect(captureAdvice('NotAllowedError')).to.equal('blocked')
    expect(captureAdvice('SecurityError')).to.equal('blocked')
    expect(captureAdvice('NotFoundError')).to.equal('missing')
    expect(captureAdvice('OverconstrainedError')).to.equal('missing')
    expect(captureAdvice('NotReadableError')).to.equal('busy')
    expect(captureAdvice('AbortError')).to.equal('busy')
    expect(captureAdvice('NotSupportedError')).to.equal('unsupported')
  })

  it('adds nothing for an unknown name, an inherited key or none', () => {
    expect(captureAdvice('Error')).to.equal('none')
    expect(captureAdvice('constructor')).to.equal('none')
    expect(captureAdvice('__proto__')).to.equal('none')
    expect(captureAdvice(null)).to.equal('none')
    expect(captureAdvice(undefined)).to.equal('none')
  })
})
