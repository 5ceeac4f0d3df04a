import type { FastifyInstance } from 'fastify'
import type { ApiTools } from './api-plugin'

/** Reports kept in memory for the dev endpoint (the most recent). */
const KEPT_REPORTS = 200

/** The fields of a violation worth reading, from either report format. */
function summary(report: unknown): Record<string, unknown> {
  const body = (report as { 'csp-report'?: unknown; body?: unknown } | null) ?? {}
  const inner = (body['csp-report'] ?? body.body ?? body) as Record<string, unknown>
  const pick = (...names: string[]) => names.map((name) => inner[name]).find((value) => value !== undefined)
  return {
    directive: pick('effective-directive', 'effectiveDirective', 'violated-directive'),
    blocked: pick('blocked-uri', 'blockedURL'),
    document: pick('document-uri', 'documentURL'),
    sample: pick('script-sample', 'sample'),
  }
}

/**
 * `POST /api/csp-report`: where browsers report Content-Security-Policy violations (`report-uri`).
 * Each is logged; outside production `GET /api/dev/csp-reports` lists them for the end-to-end tests.
 */
export function cspReportRoutes(app: FastifyInstance, { context }: ApiTools): void {
  const reports: Record<string, unknown>[] = []
  for (const type of ['application/csp-report', 'application/reports+json'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16_384 }, (_request, text, done) => {
      try {
        done(null, JSON.parse(String(text)) as unknown)
      } catch {
        done(null, null)
      }
    })
  app.post('/csp-report', async (request, reply) => {
    const list = Array.isArray(request.body) ? (request.body as unknown[]) : [request.body]
    for (const report of list.slice(0, 20)) {
      const violation = summary(report)
      context.log(`CSP violation: ${JSON.stringify(violation)}`)
      reports.push(violation)
    }
    reports.splice(0, Math.max(0, reports.length - KEPT_REPORTS))
    return reply.code(204).send()
  })
  if (context.devEndpoints) app.get('/dev/csp-reports', async () => ({ data: reports }))
}
