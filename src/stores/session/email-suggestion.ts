import { atom } from 'nanostores'
import type * as SpellCheckerModule from '@zootools/email-spell-checker'

/** A corrected address for the email the agent typed (gmial.com → gmail.com), or null. */
export const $emailSuggestion = atom<string | null>(null)

// Mail providers agents of Spanish- and French-speaking teams use, on top of the library's list.
const EXTRA_DOMAINS = [
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'hotmail.es',
  'hotmail.fr',
  'yahoo.es',
  'yahoo.fr',
  'outlook.es',
  'outlook.fr',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'wanadoo.fr',
  'sfr.fr',
]
// Test domains are real in demos and tests (`demo.test`): never "correct" them.
const EXTRA_TOP_LEVEL_DOMAINS = ['test', 'example', 'local', 'localhost']

let checked = 0

type SpellChecker = Pick<typeof SpellCheckerModule, 'run' | 'POPULAR_DOMAINS' | 'POPULAR_TLDS'>

/** Whether a value has the spell checker's three exports. */
function isSpellChecker(value: unknown): value is SpellChecker {
  const candidate = value as Partial<SpellChecker> | null | undefined
  return (
    typeof candidate?.run === 'function' &&
    Array.isArray(candidate.POPULAR_DOMAINS) &&
    Array.isArray(candidate.POPULAR_TLDS)
  )
}

/**
 * The spell checker, from its lazy chunk. It is a CommonJS package: Rollup (our cdn build) gives its named
 * exports, but a host's bundler importing the npm build may give only a `default` (esbuild with code
 * splitting hands back `module.exports` there), so both shapes are read; anything else is null.
 */
async function loadSpellChecker(): Promise<SpellChecker | null> {
  try {
    const module: unknown = await import('@zootools/email-spell-checker')
    if (isSpellChecker(module)) return module
    const fallback = (module as { default?: unknown } | null)?.default
    if (isSpellChecker(fallback)) return fallback
    const nested = (fallback as { default?: unknown } | null | undefined)?.default
    return isSpellChecker(nested) ? nested : null
  } catch {
    return null
  }
}

/**
 * Looks for a typo in the email's domain, when the email field is left. The spell checker is a lazy
 * chunk: only an agent who types an address downloads it.
 *
 * @example
 * await checkEmailSpelling('ana@gmial.com') // $emailSuggestion: 'ana@gmail.com'
 */
export async function checkEmailSpelling(email: string): Promise<void> {
  const mine = ++checked
  const trimmed = email.trim()
  if (!trimmed.includes('@')) {
    $emailSuggestion.set(null)
    return
  }
  const checker = await loadSpellChecker()
  // No checker (its chunk failed to load, or a bundler shaped it otherwise): no suggestion, never an error.
  if (mine !== checked) return
  if (!checker) {
    $emailSuggestion.set(null)
    return
  }
  const { run, POPULAR_DOMAINS, POPULAR_TLDS } = checker
  const found = run({
    email: trimmed,
    domains: [...POPULAR_DOMAINS, ...EXTRA_DOMAINS],
    // No "known provider" shortcut: yahoo.co must still be offered yahoo.com.
    secondLevelDomains: [],
    topLevelDomains: [...POPULAR_TLDS, ...EXTRA_TOP_LEVEL_DOMAINS],
  })
  if (mine !== checked) return
  const typedDomain = trimmed.split('@').pop()?.toLowerCase() ?? ''
  // A different first letter is another domain, not a typo (acme.com is not me.com).
  const plausible = found && found.domain[0] === typedDomain[0] && found.full !== trimmed.toLowerCase()
  $emailSuggestion.set(plausible ? found.full : null)
}

/** Forgets the suggestion (applied, or the email changed). */
export function clearEmailSuggestion(): void {
  checked += 1
  $emailSuggestion.set(null)
}
