import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { TestServer } from './support/test-server'
import { parsePrometheus, valueOf } from './support/prometheus'

/** Log lines as the server writes them, parsed. */
function captured() {
  const chunks: string[] = []
  return {
    stream: { write: (line: string) => void chunks.push(line) },
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  }
}

const report = (directive: string) =>
  JSON.stringify({ 'csp-report': { 'effective-directive': directive, 'blocked-uri': 'inline' } })

describe('POST /api/csp-report from a stranger', () => {
  const log = captured()
  let server: TestServer
  const post = (type: string, body: string) =>
    fetch(`${server.url}/api/csp-report`, { method: 'POST', headers: { 'content-type': type }, body })
  const metric = async (name: string, labels: Record<string, string>) =>
    valueOf(parsePrometheus(await server.app.context.metrics.registry.metrics()), name, labels)

  before(async () => {
    server = await TestServer.start({ logLevel: 'info', logStream: log.stream })
  })
  after(() => server.close())

  it('refuses a megabyte of JSON (415) and an oversized report (413), and logs neither', async () => {
    const megabyte = JSON.stringify({ 'csp-report': { 'script-sample': 'x'.repeat(1024 * 1024 - 100) } })
    const refused = await Promise.all(Array.from({ length: 10 }, () => post('application/json', megabyte)))
    assert.deepEqual(
      refused.map((response) => response.status),
      Array(10).fill(415),
    )
    const large = await post('application/csp-report', megabyte)
    assert.equal(large.status, 413)
    const written = log
      .lines()
      .filter((line) => line.event === 'csp.violation' || /CSP violation/.test(String(line.msg)))
    assert.equal(written.length, 0)
    assert.ok(JSON.stringify(log.lines()).length < 64 * 1024, 'the refusals wrote no body to the log')
    assert.equal(
      await metric('agent_console_anonymous_refusals_total', {
        surface: 'csp_report',
        limit: 'content_type',
      }),
      10,
    )
    assert.equal(
      await metric('agent_console_anonymous_refusals_total', { surface: 'csp_report', limit: 'body_size' }),
      1,
    )
  })

  it('logs a burst of 50 reports at warn, 10 of them a minute, and counts the rest', async () => {
    const accepted = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(index % 2 ? 'application/csp-report' : 'application/reports+json', report(`img-src-${index}`)),
      ),
    )
    assert.ok(accepted.every((response) => response.status === 204))
    const violations = () => log.lines().filter((line) => line.event === 'csp.violation')
    assert.equal(violations().length, 10)
    assert.ok(violations().every((line) => line.level === 'warn'))
    assert.ok(!log.lines().some((line) => line.level === 'error' || line.level === 'fatal'))
    assert.equal(await metric('agent_console_csp_reports_total', { logged: 'false' }), 40)
    // A minute on, the budget is back.
    await server.advance(60_000)
    assert.equal((await post('application/csp-report', report('font-src'))).status, 204)
    assert.equal(violations().length, 11)
  })
})
