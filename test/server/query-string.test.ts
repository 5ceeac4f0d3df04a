import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { containsFilter, encodeListQuery, type ParsedQueryValue } from '../../src/protocol'
import { QUERY_STRING_LIMITS, decodeQueryString } from '../../src/protocol/query-string'

/** Every object of a decoded query has no prototype: nothing of `Object.prototype` can be read or written through it. */
function assertNullPrototypes(value: ParsedQueryValue): void {
  if (typeof value === 'string') return
  if (Array.isArray(value)) return value.forEach(assertNullPrototypes)
  assert.equal(Object.getPrototypeOf(value), null)
  for (const key of Object.keys(value)) assertNullPrototypes(value[key]!)
}

/** The decoded query as plain JSON, to compare its shape. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value))

describe('list queries: the console writes them, qs reads them (src/protocol)', () => {
  it('round-trips a query with sort, $in, $ne and $or through qs, keeping brackets and $ readable', () => {
    const text = encodeListQuery({
      $limit: 10,
      $skip: 20,
      $sort: { firstname: 1 },
      level: 5,
      id: { $in: ['a', 'b'], $ne: 'c' },
      $or: [{ firstname: containsFilter('an.a') }, { lastname: containsFilter('x&y=z') }],
    })
    assert.match(text, /^\?\$limit=10&\$skip=20&\$sort\[firstname\]=1&level=5&id\[\$in\]\[0\]=a/)
    assert.match(text, /\$regex\]=x%26y%3Dz/)
    const decoded = decodeQueryString(text)
    assertNullPrototypes(decoded)
    assert.deepEqual(plain(decoded), {
      $limit: '10',
      $skip: '20',
      $sort: { firstname: '1' },
      level: '5',
      id: { $in: ['a', 'b'], $ne: 'c' },
      $or: [
        { firstname: { $regex: 'an\\.a', $options: 'i' } },
        { lastname: { $regex: 'x&y=z', $options: 'i' } },
      ],
    })
    assert.equal(encodeListQuery({}), '')
  })

  it('reads a[]=x&a[]=y as a list, with or without the leading ?', () => {
    assert.deepEqual(plain(decodeQueryString('$select[]=forms&$select[]=name')), {
      $select: ['forms', 'name'],
    })
    assert.deepEqual(plain(decodeQueryString('?a=1')), { a: '1' })
  })

  it('never reaches a prototype: __proto__ is dropped, toString and constructor are plain own keys', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).length
    const decoded = decodeQueryString(
      'toString[call]=x&__proto__[polluted]=1&constructor[prototype][polluted]=1&a[__proto__][polluted]=1&a[b]=2',
    )
    assertNullPrototypes(decoded)
    assert.deepEqual(plain(decoded), {
      toString: { call: 'x' },
      constructor: { prototype: { polluted: '1' } },
      a: { b: '2' },
    })
    assert.equal(Object.hasOwn(decoded, '__proto__'), false)
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
    assert.equal(Object.prototype.toString.call([]), '[object Array]')
    assert.equal(Object.getOwnPropertyNames(Object.prototype).length, before)
  })

  it('caps depth, parameters and array indexes', () => {
    const deep = decodeQueryString('a[b][c][d][e][f][g][h]=1') as Record<string, unknown>
    assert.deepEqual(plain(deep), { a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } } })
    const many = Array.from({ length: QUERY_STRING_LIMITS.parameterLimit + 50 }, (_, i) => `k${i}=${i}`).join(
      '&',
    )
    assert.equal(Object.keys(decodeQueryString(many)).length, QUERY_STRING_LIMITS.parameterLimit)
    const far = decodeQueryString(`a[${QUERY_STRING_LIMITS.arrayLimit + 1}]=x`)
    assert.equal(Array.isArray(far.a), false)
    assert.deepEqual(plain(far), { a: { [QUERY_STRING_LIMITS.arrayLimit + 1]: 'x' } })
  })

  it('keeps malformed percent escapes as text and NUL as a character for the server to refuse', () => {
    assert.deepEqual(plain(decodeQueryString('x=%E0%A4%A&y=%00')), { x: '%E0%A4%A', y: '\u0000' })
  })
})

describe('the console writer and the qs reader agree (property)', () => {
  it('reads back every value of every filter the console can write, whatever its characters', () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 })
    const field = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_.]{0,15}$/)
    fc.assert(
      fc.property(
        fc.record({
          $limit: fc.integer({ min: 1, max: 100 }),
          $skip: fc.nat(),
          equal: fc.dictionary(field, text, { maxKeys: 3 }),
          $in: fc.array(text, { minLength: 1, maxLength: 5 }),
          $regex: text,
        }),
        ({ $limit, $skip, equal, $in, $regex }) => {
          const query = { $limit, $skip, ...equal, id: { $in }, $or: [{ name: { $regex, $options: 'i' } }] }
          const decoded = decodeQueryString(encodeListQuery(query))
          assertNullPrototypes(decoded)
          assert.deepEqual(plain(decoded), {
            $limit: String($limit),
            $skip: String($skip),
            ...equal,
            id: { $in },
            $or: [{ name: { $regex, $options: 'i' } }],
          })
        },
      ),
      { numRuns: 300 },
    )
  })
})
