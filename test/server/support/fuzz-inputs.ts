import fc from 'fast-check'
import * as protocol from '../../../src/protocol'
import { SEED, seedUserId } from '../../../server/store/seed-content'

/**
 * Generators of hostile input for the fuzz suite: query strings, JSON bodies, raw bodies and path
 * parameters built from the protocol's own field names, prototype keys, control characters, huge
 * and negative numbers, far dates, bad patterns, deep nesting and oversize payloads.
 */

/** Keys that reach prototypes in careless code. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'call',
  'then',
]

/** Every field name of every valibot object schema the protocol exports: the words the server reads. */
function protocolFieldNames(): string[] {
  const names = new Set<string>()
  const seen = new Set<unknown>()
  const visit = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null || seen.has(schema)) return
    seen.add(schema)
    const node = schema as Record<string, unknown>
    if (node.kind !== 'schema' && !Array.isArray(node.pipe)) return
    if (typeof node.entries === 'object' && node.entries !== null)
      for (const [name, entry] of Object.entries(node.entries)) {
        names.add(name)
        visit(entry)
      }
    for (const key of ['pipe', 'options', 'item', 'wrapped', 'key', 'value', 'rest'])
      for (const child of [node[key]].flat()) visit(child)
  }
  for (const value of Object.values(protocol)) visit(value)
  return [...names].sort()
}

/** The protocol's field names and the list query's operators. */
export const FIELD_NAMES = [
  ...protocolFieldNames(),
  ...['$limit', '$skip', '$sort', '$or', '$in', '$nin', '$ne', '$regex', '$options', '$select', '$populate'],
  ...['firstname', 'lastname', 'level', 'createdAt', 'startedAt', 'duration', 'status.online', 'month'],
]

const SEED_IDS = [
  SEED.account,
  SEED.segments.sales,
  SEED.services.consultation,
  seedUserId('ana'),
  seedUserId('bruno'),
]

/** Calendar dates and instants at and past the edges: years 0, 1 and 9999, months 0 and 13, day 32, hour 25. */
const edgeDate: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      '9999-12-31',
      '9999-12-01',
      '0000-01-01',
      '0001-01-01',
      '1969-12-31',
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-09-32',
    ),
    fc.constantFrom('', '', '', 'T00:00:00.000Z', 'T23:59:59.999Z', 'T25:00:00Z'),
  )
  .map(([date, time]) => date + time)

/** Strings no handler should trust. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  edgeDate,
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\u007f',
    '\u202eevil',
    '\ud800',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '(',
    '[[:foo:]]',
    '(?<n>a)',
    'x**',
    '\\',
    '275760-09-13',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '2026-02-30',
    '2026-09-07',
    '2026-09-07T15:00:00.000Z',
    '-1e20',
    '1e400',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    '99999999999999999999',
    '-2147483649',
    'true',
    'null',
    'America/Santiago',
    'Mars/Olympus_Mons',
    'Etc/GMT+99',
    'ana@demo.test',
    ...PROTOTYPE_KEYS,
    ...SEED_IDS,
    '0'.repeat(24),
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(300, 3_000).map((length) => 'x'.repeat(length)),
)

/** JSON values of every type, hostile ones first. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.constantFrom(
      0,
      -1,
      1.5,
      2 ** 31,
      -(2 ** 53),
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      8.64e15,
      -8.64e15,
      true,
      false,
      null,
    ),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value

/** An object body made of the protocol's field names with hostile values. */
export const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS),
  hostileJson,
  { minKeys: 1, maxKeys: 8 },
)

/** A raw body: what goes on the wire, with its content type. */
export interface RawBody {
  contentType: string | null
  text: string
}

/** Long bodies print as their size in a counterexample, not as megabytes of text. */
function shortly(body: RawBody): RawBody {
  if (body.text.length <= 200) return body
  const summary = `{ contentType: ${JSON.stringify(body.contentType)}, text: ${JSON.stringify(body.text.slice(0, 60))}… (${body.text.length} characters) }`
  return Object.assign(body, { [fc.toStringMethod]: () => summary })
}

const NESTING = [64, 2_000, 100_000]

/** Bodies: JSON of hostile shapes, prototype poisoning, deep nesting, oversize, broken JSON, wrong types. */
export const hostileBody: fc.Arbitrary<RawBody | null> = fc.oneof(
  { weight: 6, arbitrary: hostileObject.map((value) => json(value)) },
  { weight: 2, arbitrary: hostileJson.map((value) => json(value)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '{"email":"ana@demo.test","__proto__":{"isAdmin":true}}',
        '{"a":',
        '',
        'null',
        '"\\u0000"',
        '{"x":"\\ud800"}',
      )
      .map((text) => ({ contentType: 'application/json', text })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...NESTING).map((depth) => json(null, '['.repeat(depth) + ']'.repeat(depth))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...NESTING)
      .map((depth) => json(null, '{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(1024 * 1024 + 1, 3 * 1024 * 1024)
      .map((size) => json(null, `{"text":"${'x'.repeat(size)}"}`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/octet-stream',
          'application/json; charset=latin1',
          'application/xml',
        ),
        text: hostileText,
      })
      .map(shortly),
  },
  { weight: 1, arbitrary: fc.constant(null) },
)

/** Percent-encodes text; a lone surrogate (which `encodeURIComponent` refuses) goes as the bytes a careless client sends. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

function json(value: unknown, text?: string): RawBody {
  return shortly({ contentType: 'application/json', text: text ?? JSON.stringify(value) ?? 'null' })
}

/** One key of a bracketed query: a name and up to eight bracket segments (deeper than the decoder reads). */
const queryKey: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constantFrom(...FIELD_NAMES, ...PROTOTYPE_KEYS), hostileText),
    fc.array(
      fc.oneof(fc.constantFrom('', '0', '1', '99', '1000', ...FIELD_NAMES, ...PROTOTYPE_KEYS), hostileText),
      {
        maxLength: 8,
      },
    ),
  )
  .map(([name, path]) => encode(name) + path.map((segment) => `[${encode(segment)}]`).join(''))

/** Keys the routes read from query strings, to reach past the first check more often than random keys do. */
const QUERY_KEYS = [
  'month',
  'date',
  'timezone',
  'service',
  'users',
  '$limit',
  '$skip',
  '$sort[firstname]',
  '$sort[createdAt]',
  'firstname',
  'level',
  'id[$in][]',
  'createdAt',
  'startedAt[$ne]',
  'duration',
  'status[online]',
  'name[$regex]',
  'code',
  'token',
]

/** Values a route may accept, next to ones at the edges. */
const plausibleText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2026-09-07',
    '2026-09-01',
    'America/Santiago',
    'Europe/Madrid',
    'UTC',
    '10',
    '1',
    'true',
    ...SEED_IDS,
  ),
  edgeDate,
  hostileText,
)

/** A query string (without `?`): pairs of hostile keys and values, sometimes raw and malformed. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.dictionary(fc.constantFrom(...QUERY_KEYS), plausibleText, { maxKeys: 5 }).map((pairs) =>
      Object.entries(pairs)
        .map(([key, value]) => `${key}=${encode(value)}`)
        .join('&'),
    ),
  },
  {
    weight: 8,
    arbitrary: fc
      .array(fc.tuple(queryKey, hostileText, fc.boolean()), { maxLength: 12 })
      .map((pairs) =>
        pairs
          .map(([key, value, raw]) => `${key}=${raw ? value.replace(/[&#\s]/g, '') : encode(value)}`)
          .join('&'),
      ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => text.replace(/[#\s]/g, '')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'toString[call]=x',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
      'a' + '[a]'.repeat(500) + '=1',
      Array.from({ length: 5000 }, (_, i) => `k${i}=${i}`).join('&'),
      'a[]=' + 'x&a[]='.repeat(1000) + 'x',
      '%',
      '%%%',
      '=&=&',
    ),
  },
)

/** A path parameter: a real seed id, a random id, or hostile text (percent-encoded). */
export const hostileParam: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SEED_IDS) },
    fc.stringMatching(/^[0-9a-f]{24}$/),
    fc.constantFrom('jitsi', 'zoom', 'teams'),
    hostileText,
  )
  .map((text) => encode(text) || '%20')
