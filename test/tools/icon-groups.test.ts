import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

// The icons are split by screen so the first one carries only its own (scripts/build-icons.mjs): an icon
// a view names must be in the group its lazy area registers, or it shows empty. This reads the source:
// every icon name quoted in a component must be shared, or in the group of the area it belongs to, or
// in a group its own module registers.
const components = 'src/components'
const groups: Record<string, string[]> = JSON.parse(
  readFileSync(`${components}/icons/icon-names.json`, 'utf8'),
)
const known = new Set(Object.values(groups).flat())

/**
 * The areas whose root registers their group for every module of the area (CallArea, InboundArea); in
 * the others (calendar, pages, recordings) each module that shows one of its group's icons registers it.
 */
const areaGroups: [RegExp, string][] = [
  [/^call\//, 'call'],
  [/^inbound\//, 'inbound'],
]

/** What each register function of src/components/icons adds. */
const registrars: Record<string, string> = {
  registerCallIcons: 'call',
  registerInboundIcons: 'inbound',
  registerCalendarIcons: 'calendar',
  registerPageIcons: 'pages',
  registerRecordingIcons: 'recordings',
}

/** Menus written as data, and the module that renders their icons (and registers them). */
const renderedBy: Record<string, string> = { 'profile/profile-menu.ts': 'profile/ProfileMenu.tsx' }

/**
 * Shared pieces that register no group of their own, and every module that renders them: each of an
 * icon they name must be there in all of those modules.
 */
const usedIn: Record<string, string[]> = {
  'common/TablePager.tsx': [
    'call/AgentsTable.tsx',
    'call/SegmentsTable.tsx',
    'recordings/RecordingsTable.tsx',
  ],
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return entry === 'icons' ? [] : sources(path)
    return /\.tsx?$/.test(entry) ? [path] : []
  })
}

/** Icon names quoted in a module (any quoted string that is an icon's name). */
function iconsNamed(code: string): string[] {
  return [...code.matchAll(/['"]([a-z0-9-]+)['"]/g)]
    .map((match) => match[1]!)
    .filter((name) => known.has(name))
}

describe('icon groups', () => {
  it('the first screen registers only the shared group; each area its own', () => {
    const register = readFileSync(`${components}/icons/register-icons.ts`, 'utf8')
    assert.match(register, /from '\.\/icons\.generated'/)
    assert.doesNotMatch(register, /(call|pages|inbound|calendar|recordings)-icons/)
  })

  it('every icon a component names is registered where it shows', () => {
    /** The icons registered where the module at `path` (its code, `code`) shows. */
    const availableIn = (path: string, code: string): Set<string> => {
      const available = new Set(groups.shared)
      for (const [pattern, group] of areaGroups)
        if (pattern.test(path)) groups[group]!.forEach((n) => available.add(n))
      const renderer = renderedBy[path]
      const registering = renderer ? readFileSync(join(components, renderer), 'utf8') : code
      for (const [registrar, group] of Object.entries(registrars))
        if (new RegExp(`\\b${registrar}\\(\\)`).test(registering))
          groups[group]!.forEach((n) => available.add(n))
      return available
    }
    const missing: string[] = []
    for (const file of sources(components)) {
      const code = readFileSync(file, 'utf8')
      const path = relative(components, file)
      const users = usedIn[path]
      for (const name of iconsNamed(code)) {
        const shown = users
          ? users.every((user) => {
              const userCode = readFileSync(join(components, user), 'utf8')
              // The user must really render it: a stale list would hide a missing icon.
              assert.match(
                userCode,
                new RegExp(`<${path.replace(/^.*\//, '').replace(/\.tsx$/, '')}\\b`),
                user,
              )
              return availableIn(user, userCode).has(name)
            })
          : availableIn(path, code).has(name)
        if (!shown) missing.push(`${path}: ${name}`)
      }
    }
    assert.deepEqual(missing, [])
  })

  it('each area registers its group when its chunk loads', () => {
    const registers = (file: string, registrar: string) =>
      assert.match(
        readFileSync(`${components}/${file}`, 'utf8'),
        new RegExp(`\\n${registrar}\\(\\)\\n`),
        file,
      )
    registers('call/CallArea.tsx', 'registerCallIcons')
    registers('inbound/InboundArea.tsx', 'registerInboundIcons')
    registers('calendar/CalendarToolbar.tsx', 'registerCalendarIcons')
    registers('calendar/MonthPicker.tsx', 'registerCalendarIcons')
  })
})
