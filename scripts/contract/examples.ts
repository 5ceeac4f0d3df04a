// An example of each payload, made from its JSON Schema and proven valid by the valibot schema it
// came from (the generator fails on an example the contract would refuse).
import * as v from 'valibot'
import type { Node } from './json-schemas'

const ID = '64b7f0c2a1b2c3d4e5f60718'
const INSTANT = '2025-03-01T13:00:00.000Z'

/** Hand-picked values where a schema's rule cannot be read from its JSON Schema, by field name. */
const BY_NAME: Record<string, unknown> = {
  image: 'data:image/png;base64,iVBORw0KGgo=',
  color: '#30a46c',
  timezone: 'Europe/Madrid',
  email: 'ana@demo.test',
  url: 'https://example.com/page',
  locale: 'en',
  requestId: 'req-1',
}

/** Rules between fields that a JSON Schema cannot say, by message. */
const FIX_UPS: Record<string, (example: Record<string, unknown>) => void> = {
  // A file belongs to a call or to an appointment, not both.
  'fileAuthorization.body': (example) => delete example.appointment,
  // A reset link's token (32 random bytes, base64url) and a new password under the rule (12 to 128 characters).
  'passwordResetConfirm.body': (example) => {
    example.token = 'q5lM2v0Xx8Yb3Jt7RkP1wZcN4sHd6GfA9eUoLiTnVmE'
    example.password = 'correct horse battery staple'
  },
}

function fromPattern(pattern: string): string {
  if (pattern === '^[0-9a-f]{24}$') return ID
  const known: [RegExp, string][] = [
    [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, '2025-03-01'],
    [/HH|\[01\]|\\d\{2\}:\\d\{2\}/, '09:30'],
    // A chat line's key: 128 random bits in hex, as the console makes them.
    [/\{16,64\}/, '8f14e45fceea167a5a36dedd4bea2543'],
    // An ICE server's URL (src/protocol/ice.ts).
    [/\(stun\|stuns\|turn\|turns\)/, 'turn:turn.example.com:3478?transport=udp'],
  ]
  for (const [shape, value] of known) if (shape.test(pattern)) return value
  // Try a few common words against the pattern.
  for (const candidate of [
    '2025-03-01',
    '09:30',
    'abc123',
    'req-1',
    'a',
    '1',
    'data:image/png;base64,iVBORw0KGgo=',
  ])
    if (new RegExp(pattern).test(candidate)) return candidate
  return 'text'
}

/**
 * A plausible value of a JSON Schema node: every property present, one item per array, the first
 * of an enum, the non-null branch of a nullable.
 */
export function exampleOf(node: Node, name = ''): unknown {
  if ('const' in node) return node.const
  if (Array.isArray(node.enum)) return node.enum[0]
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined
  if (branches) return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0]!, name)
  if (Array.isArray(node.allOf)) return exampleOf(node.allOf[0] as Node, name)
  switch (node.type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, Node>
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, exampleOf(child, key)]),
      )
    }
    case 'array': {
      const item = exampleOf((node.items ?? {}) as Node, name)
      return Array.from({ length: Math.max(1, Number(node.minItems ?? 1)) }, () => structuredClone(item))
    }
    case 'string': {
      if (name in BY_NAME && typeof BY_NAME[name] === 'string') return BY_NAME[name]
      if (node.format === 'date-time') return INSTANT
      if (node.format === 'date') return '2025-03-01'
      if (node.format === 'email') return 'ana@demo.test'
      if (typeof node.pattern === 'string') return fromPattern(node.pattern)
      const text = name || 'text'
      return text.padEnd(Number(node.minLength ?? 0), 'x').slice(0, Number(node.maxLength ?? 10_000))
    }
    case 'integer':
    case 'number':
      return Math.max(Number(node.minimum ?? 0), Math.min(1, Number(node.maximum ?? 1)))
    case 'boolean':
      return true
    case 'null':
      return null
    default:
      return {}
  }
}

/**
 * The example of a message, checked against its valibot schema; null (with the reason) when the
 * synthesized value does not pass, so the docs show none rather than a wrong one.
 */
export function checkedExample(
  name: string,
  schema: v.GenericSchema,
  node: Node,
): { example: unknown; problem: string | null } {
  const example = exampleOf(node)
  FIX_UPS[name]?.(example as Record<string, unknown>)
  const parsed = v.safeParse(schema, example)
  if (parsed.success) return { example, problem: null }
  const issue = parsed.issues[0]
  return { example: null, problem: `${v.getDotPath(issue) ?? '(payload)'}: ${issue.message}` }
}
