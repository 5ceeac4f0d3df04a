import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'

/** The levels `LOG_LEVEL` may name. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
/** One of `LOG_LEVELS`. */
export type LogLevel = (typeof LOG_LEVELS)[number]

/** The level of `LOG_LEVEL` (default `info`); anything else is refused at start, not ignored. */
export function logLevelFrom(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info'
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(value)})`)
}

/**
 * Keys whose values never reach a log line, wherever they sit (one level deep, or under `req`/`res`
 * headers). The request serializer below logs no header and no body anyway: this is the second line.
 */
export const REDACTED_PATHS = [
  'password',
  'accessToken',
  'refreshToken',
  'token',
  'ticket',
  'email',
  'authorization',
  'cookie',
  'sessionId',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.ticket',
  '*.email',
  '*.authorization',
  '*.cookie',
  '*.sessionId',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // Database errors carry the statement's parameters (PGlite) or the offending value (PostgreSQL's detail).
  'err.params',
  'err.queryOptions',
  'err.detail',
  'err.cause.params',
  'err.cause.detail',
]

/**
 * A child logger for lines whose fields are ids, enums and numbers only (the routing and presence
 * events): it keeps the top-level redaction paths and drops the `*.` ones. pino runs a wildcard
 * path's redactor on every field of every line, nested or not, and parses its paths again each time:
 * 9 to 10 µs per routing line, two lines per call, against under 2 µs without (bench/routing-functions),
 * and garbage enough to cost the routing bench's server a collection. A string or a number has
 * nothing nested to redact, so these lines lose no protection.
 *
 * @example
 * const log = idFieldsLogger(fastify.log, { component: 'routing' })
 */
export function idFieldsLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, string>,
): FastifyBaseLogger {
  return logger.child(bindings, {
    redact: { paths: REDACTED_PATHS.filter((path) => !path.startsWith('*.')), censor: '[redacted]' },
  })
}

/** Query parameters whose values are safe to log (paging, sorting, calendar navigation); others are masked. */
const SAFE_QUERY_KEYS = new Set(['$limit', '$skip', 'month', 'date', 'timezone', 'service', 'status'])

/** Paths that carry a secret in the path itself (a one-time login claim). */
const SECRET_PATHS: [RegExp, string][] = [
  [/^\/api\/auth\/login\/[^/]+/, '/api/auth/login/:claim'],
  [/^\/login\/claim\/[^/]+/, '/login/claim/:claim'],
]

/**
 * A URL as it may be logged: secret path segments replaced by their name, query values masked
 * (`~`) except those of `SAFE_QUERY_KEYS`. Keys stay, so the line still says what was asked.
 *
 * @example
 * safeUrl('/api/auth/sso/authorize?ticket=eyJ…&redirect=x') // '/api/auth/sso/authorize?ticket=~&redirect=~'
 */
export function safeUrl(url: string): string {
  const cut = url.indexOf('?')
  let path = cut < 0 ? url : url.slice(0, cut)
  for (const [pattern, name] of SECRET_PATHS) path = path.replace(pattern, name)
  if (cut < 0) return path
  const query = url
    .slice(cut + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const key = equals < 0 ? pair : pair.slice(0, equals)
      let name = key
      try {
        name = decodeURIComponent(key)
      } catch {
        // A malformed escape stays as it came.
      }
      return SAFE_QUERY_KEYS.has(name) || equals < 0 ? pair : `${key}=~`
    })
  return query.length > 0 ? `${path}?${query.join('&')}` : path
}

/** The request as logged: no headers, no body, no client address (customers' IPs are personal data). */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url),
    route: request.routeOptions?.url ?? null,
  }
}

/** Fields of an error worth logging besides its message and stack; nothing else (no parameters, no detail). */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'query',
]

/** Quoted literals in a database message (`invalid input syntax for type integer: "carla@…"`). */
const QUOTED = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g

/**
 * An error as logged: type, message, stack and the fields of `ERROR_FIELDS`. A database error
 * (PostgreSQL or PGlite: it has a `severity` and a `routine`) quotes the offending value in its
 * message, so its quoted literals are masked; its parameters and detail are never copied.
 */
export function errorSerializer(error: Error, depth = 0): LoggedError {
  // Something else thrown (a string, an object): its text only.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const fields = error as unknown as Record<string, unknown>
  const database = 'severity' in error && 'routine' in error
  const mask = (text: string) => (database ? text.replace(QUOTED, '"~"') : text)
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: mask(String(error.message)),
    stack: mask(String(error.stack ?? '')),
  }
  for (const key of ERROR_FIELDS) if (fields[key] !== undefined) logged[key] = fields[key]
  if (database && typeof fields.where === 'string') logged.where = mask(fields.where)
  if (error.cause instanceof Error && depth < 3) logged.cause = errorSerializer(error.cause, depth + 1)
  return logged
}

/** An error as it appears in a log line. */
export interface LoggedError {
  type: string
  message: string
  stack: string
  [field: string]: unknown
}

/** Paths probed every few seconds by load balancers and Prometheus: not logged (their metrics say enough). */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

/** A client-given `x-request-id` is kept when it looks like an id (a load balancer's), else a new one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** What `createApplication` hands Fastify for its logger. */
export interface LoggingOptions {
  level: LogLevel
  /** Where lines go (default stdout); tests capture them. */
  stream?: { write(line: string): void }
  /** This process's id (`nodes.id`), on every line as `process`. */
  processId: string
}

/**
 * Fastify's logging settings: pino JSON lines with an ISO `time`, a text `level`, `process` on every
 * line, `requestId` on every line of a request (from `x-request-id` when it looks like one), the
 * redaction paths, and probe requests left out.
 */
export function fastifyLogging(
  options: LoggingOptions,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level: options.level,
      ...(options.stream ? { stream: options.stream } : {}),
      base: { process: options.processId, pid: process.pid, hostname: hostname() },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: requestSerializer, err: errorSerializer },
    },
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: (request) => PROBE_PATHS.has(request.url.split('?')[0] ?? ''),
    }),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
    },
  }
}
