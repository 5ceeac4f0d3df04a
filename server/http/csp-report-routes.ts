import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { readAnonymousLimits } from '../config'
import { ServerError } from '../errors'
import type { ApiTools } from './api-plugin'
import { TokenBuckets } from './token-buckets'

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

/** The content types browsers send reports with: `report-uri` (CSP 2) and the Reporting API. */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json']

/** Reports read from one request; a browser batches a few, never hundreds. */
const REPORTS_PER_REQUEST = 20

/** The media type of a `content-type` header, without parameters, lower-cased. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * `POST /api/csp-report`: where browsers report Content-Security-Policy violations (`report-uri`).
 * Anyone may post, so it is budgeted (server/config.ts, `AnonymousLimits`): only the report content
 * types (415 otherwise, refused before the body is read), at most `CSP_REPORT_MAX_BYTES` (413), and
 * at most `CSP_REPORTS_LOGGED_PER_MINUTE` lines a minute at `warn` (a violation is the page's problem,
 * not the server's); the rest are counted in `agent_console_csp_reports_total{logged="false"}`. Outside
 * production `GET /api/dev/csp-reports` lists them for the end-to-end tests.
 */
export function cspReportRoutes(app: FastifyInstance, { context }: ApiTools): void {
  const limits = readAnonymousLimits(process.env)
  const { anonymousRefusals, cspReports } = context.metrics
  const logBudget = new TokenBuckets({
    capacity: limits.cspReportsLoggedPerMinute,
    perWindow: limits.cspReportsLoggedPerMinute,
    windowMs: 60_000,
    now: context.clock.now,
  })
  const reports: Record<string, unknown>[] = []
  for (const type of REPORT_TYPES)
    app.addContentTypeParser(type, { parseAs: 'string' }, (_request, text, done) => {
      try {
        done(null, JSON.parse(String(text)) as unknown)
      } catch {
        done(null, null)
      }
    })
  // Before the body is read: a JSON or form body of another type never reaches a parser.
  const reportTypesOnly = async (request: FastifyRequest) => {
    if (REPORT_TYPES.includes(mediaType(request.headers['content-type']))) return
    anonymousRefusals.inc({ surface: 'csp_report', limit: 'content_type' })
    throw new ServerError(415, `A CSP report is sent as ${REPORT_TYPES.join(' or ')}`)
  }
  const countTooLarge = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode === 413) anonymousRefusals.inc({ surface: 'csp_report', limit: 'body_size' })
  }
  app.post(
    '/csp-report',
    { bodyLimit: limits.cspReportMaxBytes, onRequest: reportTypesOnly, onResponse: countTooLarge },
    async (request, reply) => {
      const list = Array.isArray(request.body) ? (request.body as unknown[]) : [request.body]
      for (const report of list.slice(0, REPORTS_PER_REQUEST)) {
        const violation = summary(report)
        const logged = logBudget.take('log')
        cspReports.inc({ logged: String(logged) })
        if (logged) context.logger.warn({ event: 'csp.violation', violation }, 'CSP violation')
        reports.push(violation)
      }
      reports.splice(0, Math.max(0, reports.length - KEPT_REPORTS))
      return reply.code(204).send()
    },
  )
  if (context.devEndpoints) app.get('/dev/csp-reports', async () => ({ data: reports }))
}
