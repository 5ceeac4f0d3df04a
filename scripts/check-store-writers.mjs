// Each store is the one writer of its atoms (ARCHITECTURE.md): an atom exported from a file under
// src/ may be `.set()` / `.setKey()` only in that file. Part of `npm run lint`; prints each breach.
import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file))
// Comments are not code: a TSDoc example may show an atom being set.
const code = (file) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')

const owner = new Map()
for (const file of files)
  for (const [, name] of code(file).matchAll(/export const (\$\w+)\s*(?::[^=]+)?=\s*(?:atom|map|deepMap)\b/g))
    owner.set(name, file)

const breaches = []
for (const file of files)
  for (const [, name] of code(file).matchAll(/(\$\w+)\.(?:set|setKey)\(/g)) {
    const home = owner.get(name)
    if (home && home !== file) breaches.push(`${file}: writes ${name}, which belongs to ${home}`)
  }

if (breaches.length) {
  console.error(
    `Stores must be the one writer of their atoms (export an action instead):\n${breaches.join('\n')}`,
  )
  process.exit(1)
}
console.log(`store writers: ${owner.size} atoms, each written only by its own store`)
