// The build's split of the messages (locales/*.json stay the single source): the first screens get the
// messages that the elements' own modules use, and each lazy area, declared in the source as
// `withMessages('<area>', import('<module>'))` (src/services/area-messages.ts), gets those that only its
// modules use, as a chunk of its own that loads beside the area's code.
//
// The source is read, not bundled: a module's messages are the string literals in it that are message ids
// (and, for a template literal such as `status.names.${id}`, every id with that head). An area's modules
// are those its module reaches by imports, the dynamic ones that are not areas included; the first
// screens' are those the elements reach the same way. A message that no area claims stays with the first
// screens, so a miss costs weight, never a raw id on screen.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parse } from '@formatjs/icu-messageformat-parser'

const SOURCE_EXTENSIONS = ['.ts', '.tsx']
const AREA_CALL = /withMessages\(\s*'([^']+)'\s*,\s*import\(\s*'([^']+)'\s*\)/g
const STATIC_IMPORT =
  /(?:^|[;\s])(?:import|export)(?!\s+type\s)\s*(?:[\w*\s{},$]*?\bfrom\s*)?['"]([^'"]+)['"]/g
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const STRING = /'([\w.-]+)'|"([\w.-]+)"|`([\w.-]+)(\$\{)?/g
/**
 * Messages of locales/*.json that are not the console's, by prefix: no chunk of the console carries them.
 * `customerPage.` is the customer page's (demo/customer.html, bundled by server/http/page-bundles.ts with
 * its own messages): the console names none, so the rule above ("no area claims it: first screens")
 * would put them all in the first screens' weight. `passwordResetMail.` is the server's (the reset mail,
 * server/auth/reset-mail.ts).
 */
export const NOT_THE_CONSOLE = ['customerPage.', 'passwordResetMail.']

/** The source files under `dir`, tests aside. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** The source file an import names, or null for a package or a non-source file. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), join(base, 'index.ts')]) {
    if (SOURCE_EXTENSIONS.some((ext) => candidate.endsWith(ext)) && existsSync(candidate)) return candidate
  }
  return null
}

/** What one source file imports, declares as areas, and which message ids it names. */
function scanFile(file, ids) {
  // Comment lines (TSDoc examples) name modules and areas that are not imported.
  const code = readFileSync(file, 'utf8').replace(/^\s*(?:\*|\/\/|\/\*).*$/gm, '')
  const areas = [...code.matchAll(AREA_CALL)].map(([, name, specifier]) => {
    const module = resolveImport(file, specifier)
    if (!module) throw new Error(`${file}: area ${name} imports ${specifier}, which is not a source file`)
    return { name, module }
  })
  const areaModules = new Set(areas.map((area) => area.module))
  const imports = [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]
    .map(([, specifier]) => resolveImport(file, specifier))
    // An area's own import is where its closure starts, not a part of the importer's.
    .filter((module) => module && !areaModules.has(module))
  const used = new Set()
  for (const [, single, double, template, interpolated] of code.matchAll(STRING)) {
    const text = single ?? double ?? template
    if (interpolated) {
      for (const id of ids) if (id.startsWith(text)) used.add(id)
    } else if (ids.has(text)) used.add(text)
  }
  return { areas, imports, used }
}

/**
 * Splits the console's message ids (all but those of `NOT_THE_CONSOLE`) between the first screens (`core`)
 * and the lazy areas.
 *
 * @param {string} root the project folder (with src/ and locales/en.json)
 * @returns {{ core: string[], areas: Record<string, string[]> }} ids by group; an area with no ids of
 *   its own is left out
 */
export function splitMessageIds(root = process.cwd()) {
  const all = Object.keys(JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8')))
  const ids = new Set(all.filter((id) => !NOT_THE_CONSOLE.some((prefix) => id.startsWith(prefix))))
  const src = join(root, 'src')
  const files = new Map(sourceFiles(src).map((file) => [file, scanFile(file, ids)]))
  const closure = (start) => {
    const seen = new Set()
    const stack = [...start]
    while (stack.length) {
      const file = stack.pop()
      if (seen.has(file) || !files.has(file)) continue
      seen.add(file)
      stack.push(...files.get(file).imports)
    }
    const used = new Set()
    for (const file of seen) for (const id of files.get(file).used) used.add(id)
    return used
  }
  const declared = new Map()
  for (const { areas } of files.values())
    for (const area of areas) {
      const expected = relative(join(src, 'components'), area.module).replace(/\.tsx?$/, '')
      // The chunk names the area with `-` for `/` (splitMessages below), so a name has no `-` of its own.
      if (area.name !== expected || area.name.includes('-'))
        throw new Error(`area ${area.name} imports ${expected}: name it after its module`)
      declared.set(area.name, area.module)
    }
  const elements = [...files.keys()].filter((file) => dirname(file) === join(src, 'elements'))
  const first = closure(elements)
  const byArea = new Map([...declared].map(([name, module]) => [name, closure([module])]))
  const claimed = new Set([...byArea.values()].flatMap((used) => [...used]))
  const core = [...ids].filter((id) => first.has(id) || !claimed.has(id))
  const coreSet = new Set(core)
  const areas = {}
  for (const [name, used] of [...byArea].sort(([a], [b]) => a.localeCompare(b))) {
    const own = [...ids].filter((id) => used.has(id) && !coreSet.has(id))
    if (own.length) areas[name] = own
  }
  return { core, areas }
}

const GROUPS = /[\\/]src[\\/]services[\\/]message-groups\.ts$/
const PREFIX = '\0messages/'
const LANGUAGES = ['en', 'es', 'fr']

/**
 * Rollup plugin: puts in place of src/services/message-groups.ts the split above, each group in each
 * language a chunk of its own (`<language>-<group>`), its messages precompiled to ICU ASTs; a language's
 * first-screens chunk (`<language>-core`) also exports the loaders of its areas' chunks.
 */
export function splitMessages(root = process.cwd()) {
  let split = null
  const chunk = (language, group) => JSON.stringify(`${PREFIX}${language}-${group}`)
  return {
    name: 'split-messages',
    buildStart() {
      split = splitMessageIds(root)
      for (const file of ['src', 'locales']) this.addWatchFile(join(root, file))
    },
    // The module is swapped at its import, not loaded in its place: the TypeScript plugin would compile
    // the file on disk whatever a load hook returned.
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return source
      if (!source.endsWith('/message-groups')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && GROUPS.test(resolved.id) ? `${PREFIX}groups` : null
    },
    load(id) {
      if (id === `${PREFIX}groups`) {
        const languages = LANGUAGES.map((language) => `${language}: () => import(${chunk(language, 'core')})`)
        return `export const languageMessages = { ${languages.join(', ')} }\n`
      }
      if (!id.startsWith(PREFIX)) return null
      const [, language, group] = /^([a-z]{2})-(.+)$/.exec(id.slice(PREFIX.length))
      const ids = group === 'core' ? split.core : split.areas[group.replaceAll('-', '/')]
      const messages = JSON.parse(readFileSync(join(root, 'locales', `${language}.json`), 'utf8'))
      const ast = Object.fromEntries(ids.map((key) => [key, parse(messages[key])]))
      const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))})\n`
      if (group !== 'core') return code
      // The language's chunk carries its areas' loaders: the path holds one language's, not three.
      const areas = Object.keys(split.areas).map(
        (area) => `${JSON.stringify(area)}: () => import(${chunk(language, area.replaceAll('/', '-'))})`,
      )
      return `${code}export const areas = { ${areas.join(', ')} }\n`
    },
  }
}
