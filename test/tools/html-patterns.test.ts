import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

// Browsers compile an input's `pattern` with the `v` flag (HTML spec), where `-`, `(`, `)` and the
// other class syntax characters must be escaped inside `[...]`. A pattern that does not compile is
// ignored with only a console message: the field then accepts anything. This reads the source for
// every pattern an input can get (literal attributes and props, and the form definitions the server
// seeds, which reach `<sl-input pattern>` through the dynamic form) and compiles each as a browser does.

/** Where input patterns are written: the console, the customer page, the server's seeded forms, the demo. */
const ROOTS = ['src', join('server', 'customer-page'), join('server', 'store'), 'demo']
const EXTENSIONS = /\.(ts|tsx|js|mjs|html)$/

/** A quoted string literal after `pattern=`, `pattern:` or `pattern={`: the quote, then the text. */
const PATTERN = /\bpattern\s*(?:=\s*\{?|:)\s*(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path)
    return EXTENSIONS.test(name) ? [path] : []
  })
}

/** The value of a JavaScript string literal's body (an HTML attribute's value is taken as written). */
function unquote(body: string, file: string, quoted: boolean): string {
  if (!quoted || file.endsWith('.html')) return body
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, escape: string) => {
    if (/^[ux]/.test(escape) && escape.length > 1)
      return String.fromCodePoint(parseInt(escape.replace(/^u\{?|^x|\}$/g, ''), 16))
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0' } as Record<string, string>)[escape] ?? escape
  })
}

/** Every `pattern` value of the tree: where it is, and the pattern as the browser gets it. */
function patterns(): { where: string; pattern: string }[] {
  return ROOTS.flatMap(sourceFiles).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return [...text.matchAll(PATTERN)].map((match) => ({
      where: `${file}:${text.slice(0, match.index).split('\n').length}`,
      pattern: unquote(match[2]!, file, true),
    }))
  })
}

/** The error a browser logs for `pattern`, or null when it compiles (HTML: `^(?:pattern)$` with `v`). */
function browserError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'v')
    new RegExp(`^(?:${pattern})$`, 'v')
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('input patterns', () => {
  it('finds the patterns of the tree (the scan reads what it should)', () => {
    const found = patterns()
    assert.ok(
      found.some(({ where }) => where.startsWith(join('server', 'store', 'seed-content.ts'))),
      `the seeded phone pattern was not found: ${JSON.stringify(found)}`,
    )
  })

  it('compiles every pattern with the v flag, as browsers do', () => {
    const broken = patterns()
      .map(({ where, pattern }) => ({ where, pattern, error: browserError(pattern) }))
      .filter(({ error }) => error !== null)
    assert.deepEqual(broken, [])
  })

  it('tells a pattern that breaks under the v flag from one that does not', () => {
    assert.notEqual(browserError('^[+0-9 ()-]{6,20}$'), null)
    assert.equal(browserError('^[+0-9 \\(\\)\\-]{6,20}$'), null)
    assert.equal(unquote('^[+0-9 \\\\(\\\\)\\\\-]{6,20}$', 'a.ts', true), '^[+0-9 \\(\\)\\-]{6,20}$')
  })
})
