import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { validateFormValues } from '../../src/protocol'
import { ipAllowed } from '../../server/auth/ip-allow-list'
import { customerDetails } from '../../server/routing/customer-details'

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

describe("a customer's details from their connection", () => {
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
  const details = (userAgent: string) =>
    customerDetails({ ip: '::ffff:203.0.113.9', userAgent, language: 'fr-CA,fr;q=0.9', referrer: null })

  it("reads each customer's own browser, also when browsers repeat (parsed ones are kept)", () => {
    const first = details(chrome)
    assert.deepEqual(
      [first.browserName, first.browserVersion, first.osName, first.deviceType, first.ip, first.langNative],
      ['Chrome', '131.0.0.0', 'Windows', 'desktop', '203.0.113.9', 'fr-CA'],
    )
    assert.equal(details(firefox).browserName, 'Firefox')
    // The same string again gives the same answer; another one never gets the first one's.
    assert.deepEqual(details(chrome), first)
    assert.deepEqual([details(firefox).browserName, details(firefox).osName], ['Firefox', 'Linux'])
  })

  it('parses a user agent too long to keep, every time', () => {
    const padded = `${firefox} ${'x'.repeat(4_000)}`
    assert.equal(details(padded).browserName, 'Firefox')
    assert.equal(details(padded).browserName, 'Firefox')
  })
})
