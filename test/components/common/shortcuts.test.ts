import { expect } from '@open-wc/testing'
import { shortcutOf } from '../../../src/components/common/shortcuts'
import { forgetKeyboardLayout, learnKeyboardLayout } from '../../../src/stores/app/keyboard-layout'

/** A key press with Alt held, as the browser reports it: what it typed and where the key sits. */
const altKey = (key: string, code: string) => new KeyboardEvent('keydown', { key, code, altKey: true })

describe('the console’s shortcuts on the agent’s keyboard', () => {
  afterEach(() => forgetKeyboardLayout())

  it('go by the letter on the key, on a French AZERTY keyboard as on a QWERTY one', () => {
    expect(shortcutOf(altKey('a', 'KeyA')), 'QWERTY Alt+A').to.equal('answer')
    // AZERTY puts A where QWERTY has Q, W where it has Z, and M right of L.
    expect(shortcutOf(altKey('a', 'KeyQ')), 'AZERTY Alt+A').to.equal('answer')
    expect(shortcutOf(altKey('w', 'KeyZ')), 'AZERTY Alt+W').to.equal('pictureInPicture')
    expect(shortcutOf(altKey('m', 'Semicolon')), 'AZERTY Alt+M').to.equal('toggleAudio')
    // The key in QWERTY's A position types Q on AZERTY: no shortcut, not a call answered by surprise.
    expect(shortcutOf(altKey('q', 'KeyA')), 'AZERTY Alt+Q').to.equal(null)
    expect(shortcutOf(altKey(',', 'KeyM')), 'AZERTY Alt+,').to.equal(null)
  })

  it('read the layout when Alt types another character (Option on a Mac)', async () => {
    // Before the layout is known, the key's position stands in for its letter.
    expect(shortcutOf(altKey('å', 'KeyA'))).to.equal('answer')
    await learnKeyboardLayout({
      getLayoutMap: () =>
        Promise.resolve(
          new Map([
            ['KeyQ', 'a'],
            ['KeyA', 'q'],
            ['KeyZ', 'w'],
          ]),
        ),
    })
    expect(shortcutOf(altKey('æ', 'KeyQ')), 'Mac AZERTY Option+A').to.equal('answer')
    expect(shortcutOf(altKey('‡', 'KeyA')), 'Mac AZERTY Option+Q').to.equal(null)
    expect(shortcutOf(altKey('Ω', 'KeyZ')), 'Mac AZERTY Option+W').to.equal('pictureInPicture')
  })

  it('fall back to the key’s position on a layout without Latin letters, or when the layout is refused', async () => {
    expect(shortcutOf(altKey('ф', 'KeyA')), 'Russian Alt+ф').to.equal('answer')
    await learnKeyboardLayout({
      getLayoutMap: () => Promise.reject(new DOMException('frame', 'SecurityError')),
    })
    expect(shortcutOf(altKey('å', 'KeyA'))).to.equal('answer')
  })

  it('need Alt alone: Ctrl, Meta and a held key do nothing', () => {
    const held = (init: KeyboardEventInit) =>
      new KeyboardEvent('keydown', { key: 'a', code: 'KeyA', ...init })
    expect(shortcutOf(held({ altKey: false }))).to.equal(null)
    expect(shortcutOf(held({ altKey: true, ctrlKey: true }))).to.equal(null)
    expect(shortcutOf(held({ altKey: true, metaKey: true }))).to.equal(null)
    expect(shortcutOf(held({ altKey: true, repeat: true }))).to.equal(null)
  })
})
