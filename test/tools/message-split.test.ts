import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { NOT_THE_CONSOLE, splitMessageIds } from '../../scripts/message-split.mjs'

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>
const split = splitMessageIds()

function componentFiles(dir = 'src/components'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return componentFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the build splits the messages between the first screens and the lazy areas', () => {
  it('puts every message of the console somewhere, and each in the first screens at most once', () => {
    const grouped = new Set([...split.core, ...Object.values(split.areas).flat()])
    const consoles = Object.keys(en).filter((id) => !NOT_THE_CONSOLE.some((prefix) => id.startsWith(prefix)))
    assert.deepEqual(
      consoles.filter((id) => !grouped.has(id)),
      [],
    )
    assert.equal(new Set(split.core).size, split.core.length)
    for (const [area, ids] of Object.entries(split.areas))
      assert.deepEqual(
        ids.filter((id) => split.core.includes(id)),
        [],
        `${area} repeats messages of the first screens`,
      )
  })

  it('keeps the first screens’ messages there and an area’s own messages with the area', () => {
    for (const id of [
      'login.submit',
      'startup.title',
      'status.names.available',
      'shell.menu.history',
      'app.loading',
    ])
      assert.ok(split.core.includes(id), `${id} is not with the first screens`)
    assert.ok(split.areas['profile/TwoFactorPage']?.includes('twoFactor.cancel'))
    assert.ok(split.areas['call/ChatView']?.includes('call.chat.send'))
    // A template literal's head (`calendar.type.${type}`) claims every message under it.
    assert.ok(split.areas['calendar/CalendarArea']?.includes('calendar.type.regular'))
    assert.ok(!split.core.includes('twoFactor.cancel') && !split.core.includes('call.chat.send'))
  })

  it('leaves the customer page’s messages out of every chunk of the console', () => {
    const customerPage = Object.keys(en).filter((id) => id.startsWith('customerPage.'))
    // The customer page has messages of its own (its call form's title among them) …
    assert.ok(customerPage.includes('customerPage.title'), 'locales/en.json has customerPage.title')
    // … and neither the first screens nor any area carries one: they weigh on the console's budget.
    const chunks = { core: split.core, ...split.areas }
    for (const [chunk, ids] of Object.entries(chunks))
      assert.deepEqual(
        ids.filter((id) => id.startsWith('customerPage.')),
        [],
        `the ${chunk} chunk carries messages of the customer page`,
      )
  })

  it('gives every lazy component module its messages: each import() under src/components is an area', () => {
    const bare = componentFiles().flatMap((file) => {
      const code = readFileSync(file, 'utf8').replace(/^\s*(?:\*|\/\/|\/\*).*$/gm, '')
      return (
        [...code.matchAll(/(withMessages\(\s*'[^']+',\s*)?import\(\s*'(\.[^']+)'\s*\)/g)]
          // A store's or service's lazy module renders nothing: its messages stay with its importer.
          .filter(
            ([, wrapped, specifier]) =>
              !wrapped && join(dirname(file), specifier!).startsWith('src/components/'),
          )
          .map(([, , specifier]) => `${file}: import('${specifier}')`)
      )
    })
    assert.deepEqual(bare, [], 'load these with withMessages(<area>, import(…))')
  })
})
