// The feedback widget is framed by the console wherever it runs (issue 69): its address is relative to the
// server that answered, and the pages of the allowed origins may frame it, not the server's other pages.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { ExternalAppSsoResponse } from '../../src/protocol'
import { TestServer } from './support/test-server'

const CRM = 'https://crm.example.test'
let server: TestServer
before(async () => {
  // An allowed origin, and no FRAME_ANCESTORS: the CRM runs the console, it does not frame the console's pages.
  server = await TestServer.start({ allowedOrigins: [CRM] })
})
after(() => server.close())

/** The `frame-ancestors` sources of a page. */
async function frameAncestors(path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`)
  assert.equal(response.status, 200, path)
  const policy = response.headers.get('content-security-policy') ?? ''
  return /frame-ancestors ([^;]*)/.exec(policy)?.[1]?.trim() ?? ''
}

describe('the feedback widget’s frame', () => {
  it('is named relative to the server, whatever host name the console used', async () => {
    const ana = await server.agent(await server.createAgent([]))
    const sso = await server.http<ExternalAppSsoResponse>('GET', '/external-apps/feedback/sso', {
      token: ana.token,
    })
    assert.equal(sso.status, 200)
    assert.equal(sso.body.url, '/feedback.html')
  })

  it('may be framed by the pages of the allowed origins; the other pages only by the server’s own', async () => {
    assert.equal(await frameAncestors('/feedback.html'), `'self' ${CRM}`)
    assert.equal(await frameAncestors('/feedback.html?x=1'), `'self' ${CRM}`)
    assert.equal(await frameAncestors('/'), "'self'")
    assert.equal(await frameAncestors('/customer.html'), "'self'")
  })
})
