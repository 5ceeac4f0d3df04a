import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { decodeQueryString, encodeListQuery, validateFormValues, containsFilter } from '../../src/protocol'
import { zonedDayRange, zonedToUtc, localTime } from '../../server/meetings/zoned-time'
import { ipAllowed } from '../../server/auth/ip-allow-list'

describe('list query codec (src/protocol)', () => {
  it('round-trips a query with sort, $in, $ne and $or', () => {
    const query = {
      $limit: 10,
      $skip: 20,
      $sort: { firstname: 1 as const },
      level: 5,
      id: { $in: ['a', 'b'], $ne: 'c' },
      $or: [{ firstname: containsFilter('an.a') }, { lastname: containsFilter('x') }],
    }
    const text = encodeListQuery(query)
    assert.match(text, /^\?\$limit=10&\$skip=20&\$sort\[firstname\]=1&level=5/)
    assert.deepEqual(decodeQueryString(text), {
      $limit: '10',
      $skip: '20',
      $sort: { firstname: '1' },
      level: '5',
      id: { $in: ['a', 'b'], $ne: 'c' },
      $or: [{ firstname: { $regex: 'an\\.a', $options: 'i' } }, { lastname: { $regex: 'x', $options: 'i' } }],
    })
  })

  it('reads a[]=x&a[]=y as a list and drops prototype keys', () => {
    assert.deepEqual(decodeQueryString('$select[]=forms&$select[]=name'), { $select: ['forms', 'name'] })
    assert.deepEqual(decodeQueryString('__proto__[x]=1&a=2'), { a: '2' })
  })
})

describe('dynamic form validation (src/protocol)', () => {
  const fields = [
    { name: 'name', label: 'Name', type: 'text' as const, required: true },
    { name: 'email', label: 'Email', type: 'email' as const, required: true },
    {
      name: 'kind',
      label: 'Kind',
      type: 'select' as const,
      required: false,
      options: [{ label: 'A', value: 'a' }],
    },
  ]
  it('reports required, format and option errors', () => {
    assert.deepEqual(
      validateFormValues(fields, { email: 'nope', kind: 'z' }).map((e) => [e.path, e.code]),
      [
        ['name', 'required'],
        ['email', 'email'],
        ['kind', 'option'],
      ],
    )
    assert.deepEqual(validateFormValues(fields, { name: 'Ana', email: 'ana@x.io', kind: 'a' }), [])
  })
})

describe('time zones (server/meetings/zoned-time)', () => {
  const hours = (date: string, zone: string) => {
    const { start, end } = zonedDayRange(date, zone)
    return (end - start) / 3_600_000
  }
  it('knows the days daylight saving starts and ends are 23 and 25 hours long', () => {
    assert.equal(hours('2024-09-08', 'America/Santiago'), 23)
    assert.equal(hours('2024-04-06', 'America/Santiago'), 25)
    assert.equal(hours('2024-03-31', 'Europe/Madrid'), 23)
    assert.equal(hours('2024-10-27', 'Europe/Madrid'), 25)
    assert.equal(hours('2024-03-10', 'America/New_York'), 23)
    assert.equal(hours('2024-11-03', 'America/New_York'), 25)
    assert.equal(hours('2024-06-15', 'Europe/Madrid'), 24)
  })
  it('maps wall times to instants, forward through a gap', () => {
    assert.equal(
      new Date(
        zonedToUtc({ year: 2024, month: 3, day: 31, hour: 2, minute: 30 }, 'Europe/Madrid'),
      ).toISOString(),
      '2024-03-31T01:30:00.000Z',
    )
    assert.equal(localTime(Date.UTC(2024, 2, 31, 1, 30), 'Europe/Madrid'), '03:30')
    assert.equal(
      new Date(
        zonedToUtc({ year: 2024, month: 10, day: 27, hour: 2, minute: 30 }, 'Europe/Madrid'),
      ).toISOString(),
      '2024-10-27T00:30:00.000Z',
    )
  })
})

describe('IP allow lists', () => {
  it('matches addresses and IPv4 ranges, mapped IPv6 included', () => {
    assert.equal(ipAllowed('::ffff:203.0.113.9', ['203.0.113.0/24']), true)
    assert.equal(ipAllowed('127.0.0.1', ['203.0.113.0/24']), false)
    assert.equal(ipAllowed('10.1.2.3', ['10.1.2.3']), true)
    assert.equal(ipAllowed('1.2.3.4', null), true)
  })
})
