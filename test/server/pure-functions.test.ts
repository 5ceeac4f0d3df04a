import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { validateFormValues } from '../../src/protocol'
import { ipAllowed } from '../../server/auth/ip-allow-list'

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

describe('IP allow lists', () => {
  it('matches addresses and IPv4 ranges, mapped IPv6 included', () => {
    assert.equal(ipAllowed('::ffff:203.0.113.9', ['203.0.113.0/24']), true)
    assert.equal(ipAllowed('127.0.0.1', ['203.0.113.0/24']), false)
    assert.equal(ipAllowed('10.1.2.3', ['10.1.2.3']), true)
    assert.equal(ipAllowed('1.2.3.4', null), true)
  })
})
