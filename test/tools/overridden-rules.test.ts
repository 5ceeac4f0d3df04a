import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { overriddenRules, sheetsIn } from '../../scripts/check-overridden-rules.mjs'

describe('the overridden-rules check (scripts/check-overridden-rules.mjs)', () => {
  it('reports a narrow rule that a later plain rule with the same selector overrides', () => {
    const sheet = `
      @container (max-width: 48rem) {
        .menu a { padding: 0 2px; font-size: 12px; }
      }
      /* The wide rule, after it: it wins everywhere. */
      .menu a { padding: 8px 16px; color: red; }`
    assert.deepEqual(overriddenRules(sheet), [
      { selector: '.menu a', condition: '@container (max-width: 48rem)', properties: ['padding'] },
    ])
  })

  it('passes the same rules in the working order, other properties, other selectors and selector lists', () => {
    const after = `.menu a { padding: 8px; } @media (max-width: 30rem) { .menu a { padding: 2px; } }`
    const otherProperty = `@media (max-width: 30rem) { .menu a { font-size: 12px; } } .menu a { padding: 8px; }`
    const otherSelector = `@media (max-width: 30rem) { .menu li a { padding: 2px; } } .menu a { padding: 8px; }`
    for (const sheet of [after, otherProperty, otherSelector]) assert.deepEqual(overriddenRules(sheet), [])
    // One part of a later selector list is enough to override.
    const list = `@media (max-width: 30rem) { .b { margin: 0; } } .a, .b { margin: 4px; }`
    assert.deepEqual(overriddenRules(list), [
      { selector: '.b', condition: '@media (max-width: 30rem)', properties: ['margin'] },
    ])
  })

  it('reads each css`…` sheet of a source file, without its interpolations', () => {
    const source = 'const a = css`.x { color: red; ${hidden} }`\nconst b = css`.y { margin: 0; }`'
    assert.deepEqual(sheetsIn(source), ['.x { color: red;  }', '.y { margin: 0; }'])
  })
})
