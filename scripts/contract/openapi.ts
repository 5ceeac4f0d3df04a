// The OpenAPI 3.1 document of the HTTP API, from HTTP_API (src/protocol/http-api.ts); bodies and
// responses point into the generated schemas.
import { HTTP_API } from '../../src/protocol'
import { convert } from './json-schemas'

const ref = (name: string) => ({ $ref: `schemas/http.json#/definitions/${name}` })
const json = (schema: unknown) => ({ 'application/json': { schema } })

/** Calls that answer 201 Created on success (the rest answer 200). */
const CREATED = new Set(['schedule', 'reschedule', 'upload', 'recordingCreate'])

/** The OpenAPI document, as an object. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, route] of Object.entries(HTTP_API) as [string, Record<string, unknown>][]) {
    const path = String(route.path).replace(/:([A-Za-z]+)/g, '{$1}')
    const parameters: unknown[] = [...String(route.path).matchAll(/:([A-Za-z]+)/g)].map(([, param]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    if (route.query) {
      const query = convert(route.query as never) as {
        properties?: Record<string, unknown>
        required?: string[]
      }
      for (const [param, schema] of Object.entries(query.properties ?? {}))
        parameters.push({
          name: param,
          in: 'query',
          required: query.required?.includes(param) ?? false,
          schema,
        })
    }
    const operation: Record<string, unknown> = {
      operationId: name,
      security: route.auth ? [{ bearer: [] }] : [],
      responses: {
        [CREATED.has(name) ? '201' : '200']: route.response
          ? { description: 'Success', content: json(ref(`${name}.response`)) }
          : {
              description: 'The bytes, with their stored content type',
              content: { 'application/octet-stream': {} },
            },
        '429': {
          description: 'Rate limited; `retry-after` says how many seconds to wait',
          content: json(ref('ErrorReply')),
        },
        default: { description: 'Failure: `code` is the HTTP status', content: json(ref('ErrorReply')) },
      },
    }
    if (parameters.length) operation.parameters = parameters
    if (route.body) operation.requestBody = { required: true, content: json(ref(`${name}.body`)) }
    else if (name === 'upload')
      operation.requestBody = {
        required: true,
        description: 'The raw bytes; the bearer is the file token of POST /files/authorization',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      }
    paths[path] = { ...paths[path], [String(route.method).toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agent console HTTP contract',
      version,
      description:
        'Generated from src/protocol/ by `npm run contract`; do not edit. Paths are relative to the API base the console is configured with (`/api` on the reference server); `GET /version.txt` (plain text, `cache-control: no-cache`) sits at the page origin, outside it.',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}
