import { expect } from '@open-wc/testing'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import en from '../../locales/en.json'
import es from '../../locales/es.json'
import fr from '../../locales/fr.json'

const languages: Record<string, Record<string, string>> = { en, es, fr }

/** Argument names a message uses, so a translation cannot drop or rename `{code}`. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    found.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found)
    if (element.type === TYPE.tag) argumentsOf(element.children, found)
  }
  return found
}

describe('locales', () => {
  for (const [language, messages] of Object.entries(languages)) {
    it(`${language} has exactly the keys of English`, () => {
      const missing = Object.keys(en).filter((key) => !(key in messages))
      const extra = Object.keys(messages).filter((key) => !(key in en))
      expect(missing, `${language} lacks`).to.deep.equal([])
      expect(extra, `${language} has keys English lacks`).to.deep.equal([])
    })

    it(`${language} messages are valid ICU with the arguments of English`, () => {
      for (const [key, message] of Object.entries(messages)) {
        let ast: MessageFormatElement[] = []
        expect(() => (ast = parse(message)), `${language} ${key}`).not.to.throw()
        const english = argumentsOf(parse((en as Record<string, string>)[key] ?? ''))
        expect([...argumentsOf(ast)].sort(), `${language} ${key} arguments`).to.deep.equal(
          [...english].sort(),
        )
      }
    })

    it(`${language} has no empty message`, () => {
      const empty = Object.entries(messages).filter(([, message]) => !message.trim())
      expect(empty.map(([key]) => key)).to.deep.equal([])
    })
  }

  it('French writes the typographic apostrophe (’), as nearly all its messages did', () => {
    const straight = Object.entries(fr as Record<string, string>).filter(([, message]) =>
      /\p{L}'\p{L}/u.test(message),
    )
    expect(straight.map(([key]) => key)).to.deep.equal([])
  })
})
