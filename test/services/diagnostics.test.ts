import { expect } from '@open-wc/testing'
import {
  DIAGNOSTICS_FORMAT,
  assembleDiagnostics,
  diagnosticsFileName,
  redactText,
  summarizeDevices,
  type DiagnosticsInput,
} from '../../src/services/diagnostics'

const TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiIxMjM0NTY3ODkwYWJjZGVmMTIzNDU2NzgiLCJleHAiOjE3MDB9.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36'
const AT = Date.parse('2026-11-23T15:00:00Z')

function input(overrides: Partial<DiagnosticsInput> = {}): DiagnosticsInput {
  return {
    now: AT,
    consoleVersion: '0.1.0',
    serverVersion: '0.1.0',
    userAgent: UA,
    clientHints: { brands: [{ brand: 'Chromium', version: '131' }], mobile: false, platform: 'Linux' },
    language: 'en-US',
    timeZone: 'America/Santiago',
    online: true,
    link: { state: 'online', attempt: 0, code: null },
    agentId: 'd'.repeat(24),
    devices: [
      { kind: 'audioinput', label: 'Ana’s headset' },
      { kind: 'audioinput', label: '' },
      { kind: 'videoinput', label: 'Integrated camera' },
    ],
    disconnections: [{ at: AT - 60_000, reason: 'transport close' }],
    protocolErrors: [
      { at: AT - 30_000, event: 'inbound', kind: 'event', field: 'ringExpiresAt', reason: 'missing' },
    ],
    networkSamples: [
      { at: AT - 2_000, level: 'good', online: true, rttMs: 50, downlinkMbps: 10, effectiveType: '4g' },
    ],
    ...overrides,
  }
}

describe('services/diagnostics', () => {
  it('assembles versions, browser, link, devices, disconnections, protocol errors and network samples', () => {
    const bundle = assembleDiagnostics(input())
    expect(bundle.format).to.equal(DIAGNOSTICS_FORMAT)
    expect(bundle.generatedAt).to.equal('2026-11-23T15:00:00.000Z')
    expect(bundle.versions).to.deep.equal({ console: '0.1.0', server: '0.1.0' })
    expect(bundle.browser).to.deep.equal({
      userAgent: UA,
      brands: [{ brand: 'Chromium', version: '131' }],
      mobile: false,
      platform: 'Linux',
      language: 'en-US',
      timeZone: 'America/Santiago',
      online: true,
    })
    expect(bundle.link).to.deep.equal({ state: 'online', attempt: 0, code: null })
    expect(bundle.devices).to.deep.equal({
      audioinput: { count: 2, labelled: 1 },
      videoinput: { count: 1, labelled: 1 },
    })
    expect(bundle.disconnections).to.deep.equal([
      { at: '2026-11-23T14:59:00.000Z', reason: 'transport close' },
    ])
    expect(bundle.protocolErrors).to.deep.equal([
      {
        at: '2026-11-23T14:59:30.000Z',
        event: 'inbound',
        kind: 'event',
        field: 'ringExpiresAt',
        reason: 'missing',
      },
    ])
    expect(bundle.networkSamples).to.deep.equal([
      {
        at: '2026-11-23T14:59:58.000Z',
        level: 'good',
        online: true,
        rttMs: 50,
        downlinkMbps: 10,
        effectiveType: '4g',
      },
    ])
  })

  it('keeps no token, password, email, phone number or device label, even inside free text', () => {
    const bundle = assembleDiagnostics(
      input({
        link: { state: 'reconnecting', attempt: 3, code: `Bearer ${TOKEN}` },
        disconnections: [
          { at: AT, reason: `auth failed for rita.customer@example.com with ${TOKEN}` },
          { at: AT, reason: 'password=hunter2 pin: 123456' },
          { at: AT, reason: 'call +56 9 1234 5678 back' },
        ],
        protocolErrors: [
          {
            at: AT,
            event: 'join',
            kind: 'reply',
            field: 'accessToken',
            reason: `Invalid type: received "${TOKEN}"`,
          },
        ],
      }),
    )
    const text = JSON.stringify(bundle)
    for (const secret of [
      TOKEN,
      'rita.customer@example.com',
      'hunter2',
      '123456',
      '1234 5678',
      'headset',
      'Integrated',
    ])
      expect(text, secret).not.to.include(secret)
    expect(bundle.disconnections.map((entry) => entry.reason)).to.deep.equal([
      'auth failed for [email] with [token]',
      'password=[redacted] pin: [redacted]',
      'call [number] back',
    ])
    expect(bundle.link.code).to.equal('Bearer [token]')
    // The field's name says what was wrong; the value is gone.
    expect(bundle.protocolErrors[0]!.field).to.equal('accessToken')
    expect(bundle.protocolErrors[0]!.reason).to.equal('Invalid type: received "[token]"')
  })

  it('bounds hostile text: control and bidi characters out, at most 200 characters, no prototype keys', () => {
    expect(redactText('a\u0000b\u202ec\u2066d')).to.equal('a b c d')
    expect(redactText('x '.repeat(500))).to.have.length(201)
    expect(redactText(undefined)).to.equal('')
    const devices = summarizeDevices([
      { kind: '__proto__', label: 'x' },
      { kind: 'constructor', label: '' },
      { kind: 'audiooutput', label: '' },
    ])
    expect(devices).to.deep.equal({ audiooutput: { count: 1, labelled: 0 } })
    expect(Object.getPrototypeOf(devices)).to.equal(Object.prototype)
    const bundle = assembleDiagnostics(
      input({
        clientHints: { brands: 'nope' as never, mobile: 'yes' as never, platform: 7 as never },
        networkSamples: [
          {
            at: Number.NaN,
            level: 'good',
            online: true,
            rttMs: Infinity,
            downlinkMbps: null,
            effectiveType: null,
          },
        ],
        devices: null,
      }),
    )
    expect(bundle.browser.brands).to.deep.equal([])
    expect(bundle.browser.mobile).to.equal(null)
    expect(bundle.browser.platform).to.equal(null)
    expect(bundle.networkSamples[0]!.at).to.equal('invalid')
    expect(bundle.networkSamples[0]!.rttMs).to.equal(null)
    expect(bundle.devices).to.equal(null)
  })

  it('names the file after the time, safe for every file system', () => {
    expect(diagnosticsFileName(AT)).to.equal('agent-console-diagnostics-2026-11-23T15-00-00Z.json')
  })
})
