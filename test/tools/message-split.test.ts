import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { splitMessageIds } from '../../scripts/message-split.mjs'

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
  it('puts every message somewhere, and each in the first screens at most once', () => {
    const grouped = new Set([...split.core, ...Object.values(split.areas).flat()])
    assert.deepEqual(
      Object.keys(en).filter((id) => !grouped.has(id)),
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
