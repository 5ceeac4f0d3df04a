// A rule inside `@container` or `@media` that a later plain rule of the same sheet, with the same
// selector, overrides is dead: equal specificity, so the later one wins, whatever the screen. The narrow
// console's bottom menu had one (its smaller entries never applied). Part of `npm run lint`: reads every
// css`…` sheet under src/ and prints each such rule.
import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'

/**
 * The rules of a style sheet's text, each with its selector (one per comma-separated part), the
 * properties it sets, and the at-rules it sits in (`@container (max-width: 48rem)`…).
 */
export function sheetRules(text) {
  const rules = []
  const preludes = []
  let buffer = ''
  for (const character of text.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (character === '{') {
      preludes.push(buffer.trim())
      buffer = ''
    } else if (character === '}') {
      const prelude = preludes.pop() ?? ''
      const properties = buffer
        .split(';')
        .map((declaration) => declaration.split(':')[0]?.trim().toLowerCase() ?? '')
        .filter(Boolean)
      if (!prelude.startsWith('@') && properties.length > 0) {
        const conditions = preludes.filter((outer) => outer.startsWith('@'))
        for (const selector of prelude.split(','))
          rules.push({ selector: selector.replace(/\s+/g, ' ').trim(), properties, conditions })
      }
      buffer = ''
    } else buffer += character
  }
  return rules
}

/** Rules under a condition that a later unconditioned rule with the same selector overrides. */
export function overriddenRules(text) {
  const rules = sheetRules(text)
  return rules.flatMap((rule, index) => {
    if (rule.conditions.length === 0) return []
    const later = rules.slice(index + 1).filter((other) => other.conditions.length === 0)
    const lost = rule.properties.filter((property) =>
      later.some((other) => other.selector === rule.selector && other.properties.includes(property)),
    )
    return lost.length
      ? [{ selector: rule.selector, condition: rule.conditions.join(' '), properties: lost }]
      : []
  })
}

/** The text of each css`…` sheet in a source file (interpolations left out: they are shared snippets). */
export function sheetsIn(source) {
  return [...source.matchAll(/\bcss`([\s\S]*?)`/g)].map(([, text]) => text.replace(/\$\{[^}]*\}/g, ''))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file))
  const breaches = []
  let sheets = 0
  for (const file of files)
    for (const sheet of sheetsIn(readFileSync(file, 'utf8'))) {
      sheets++
      for (const { selector, condition, properties } of overriddenRules(sheet))
        breaches.push(`${file}: ${condition} ${selector} { ${properties.join(', ')} } loses to a later rule`)
    }
  if (breaches.length) {
    console.error(`Rules that never apply (move them after the rule they override):\n${breaches.join('\n')}`)
    process.exit(1)
  }
  console.log(`overridden rules: none in ${sheets} sheets`)
}
