// The contract's JSON Schemas, generated from the valibot schemas of src/protocol/ (the one source):
// one document per message table, each message a definition; the console's defaults annotated.
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import {
  CLIENT_REPLY_DEFAULTS,
  ErrorReplySchema,
  HTTP_API,
  SERVER_EVENT_DEFAULTS,
  clientEventReplySchemas,
  clientEventSchemas,
  customerEventSchemas,
  serverEventSchemas,
  serverToCustomerSchemas,
  type FieldDefault,
} from '../../src/protocol'

/** A JSON Schema node as the generator handles it. */
export type Node = JsonSchema & Record<string, unknown>

/** One generated schema document: a table of messages. */
export interface SchemaDocument {
  /** File name under `contract/schemas/`. */
  file: string
  title: string
  description: string
  /** Valibot schema of each message, by name (event, or `route.body` / `route.response`). */
  schemas: Record<string, v.GenericSchema>
  /** The console's tolerated fields, by message. */
  defaults: Readonly<Record<string, readonly FieldDefault[]>>
}

const CONFIG: ConversionConfig = {
  target: 'draft-07',
  // The wire schemas hold no transformations; 'output' lets `plainObject` (a custom check, then an
  // object) convert as its object.
  typeMode: 'output',
  // A check (no control characters, one of call/appointment…) has no JSON Schema keyword: say it.
  overrideAction: ({ valibotAction, jsonSchema }) => {
    if (valibotAction.type === 'check')
      return { ...jsonSchema, $comment: String((valibotAction as { message?: unknown }).message ?? 'checked') }
    // JSON has no NaN or Infinity: every number on the wire is finite already.
    if (valibotAction.type === 'finite') return jsonSchema
    // A transformation (trim…) changes the value after the wire: the wire accepts what comes before it.
    if (valibotAction.kind === 'transformation')
      return { ...jsonSchema, $comment: `the receiver applies ${valibotAction.type}` }
    // JSON Schema patterns have no flags: keep the source and say which flags apply.
    const requirement = (valibotAction as { requirement?: unknown }).requirement
    if (valibotAction.type === 'regex' && requirement instanceof RegExp && requirement.flags)
      return { ...jsonSchema, pattern: requirement.source, $comment: `pattern flags: ${requirement.flags}` }
    return undefined
  },
}

function httpSchemas(): Record<string, v.GenericSchema> {
  const schemas: Record<string, v.GenericSchema> = { ErrorReply: ErrorReplySchema }
  for (const [name, route] of Object.entries(HTTP_API) as [string, Record<string, unknown>][])
    for (const part of ['body', 'query', 'response'] as const)
      if (route[part]) schemas[`${name}.${part}`] = route[part] as v.GenericSchema
  return schemas
}

/** The tables of the contract, in the order the documents list them. */
export const SCHEMA_DOCUMENTS: readonly SchemaDocument[] = [
  {
    file: 'agent-server-events.json',
    title: 'Server → console events (socket.io, path /ws)',
    description:
      'Payload of each event the server emits to an agent console. Every listed field is required of a conforming server; `default` marks the fields the console tolerates missing and the value it then uses.',
    schemas: serverEventSchemas,
    defaults: SERVER_EVENT_DEFAULTS,
  },
  {
    file: 'agent-client-events.json',
    title: 'Console → server events (socket.io, path /ws)',
    description:
      'Payload of each event an agent console emits. A server refuses a malformed payload with 400 (in the ack, or as `protocol:error`).',
    schemas: clientEventSchemas,
    defaults: {},
  },
  {
    file: 'agent-client-replies.json',
    title: 'Acknowledgement data of console events',
    description:
      'What `{ ok: true, data }` carries in the ack of each console event (`null` when nothing). A failure is `{ ok: false, error: ErrorReply }`.',
    schemas: clientEventReplySchemas,
    defaults: CLIENT_REPLY_DEFAULTS,
  },
  {
    file: 'customer-client-events.json',
    title: 'Customer → server events (socket.io, path /ws, namespace /customer)',
    description: 'Payload of each event a customer page emits.',
    schemas: customerEventSchemas,
    defaults: {},
  },
  {
    file: 'customer-server-events.json',
    title: 'Server → customer events (socket.io, path /ws, namespace /customer)',
    description: 'Payload of each event the server emits to a customer page.',
    schemas: serverToCustomerSchemas,
    defaults: {},
  },
  {
    file: 'http.json',
    title: 'HTTP bodies, queries and responses (relative to the API base, /api on the reference server)',
    description:
      '`<route>.body`, `<route>.query` and `<route>.response` of each call of the HTTP table; every failure is an `ErrorReply`.',
    schemas: httpSchemas(),
    defaults: {},
  },
]

/** The node at a default's path (`statuses[].label` → items of statuses → label), if the schema has it. */
function nodeAt(root: Node, path: string): Node | undefined {
  let node: Node | undefined = root
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]')
    const key = list ? segment.slice(0, -2) : segment
    node = objectBranch(node)?.properties?.[key] as Node | undefined
    if (node && list) node = objectBranch(node)?.items as Node | undefined
    if (!node) return undefined
  }
  return node
}

/** The object (or array) branch of a nullable `anyOf`, or the node itself. */
function objectBranch(node: Node | undefined): Node | undefined {
  if (!node) return undefined
  const branches = node.anyOf as Node[] | undefined
  return branches?.find((branch) => branch.type !== 'null') ?? node
}

/** Marks the console's tolerated fields: `default` (or `x-console-default-from`) on the field's schema. */
function annotateDefaults(root: Node, rules: readonly FieldDefault[] | undefined): void {
  for (const rule of rules ?? []) {
    const node = nodeAt(root, rule.path)
    if (!node) throw new Error(`console default ${rule.path} names no field of the schema`)
    if (rule.sameAs === undefined) node.default = structuredClone(rule.value) as never
    else node['x-console-default-from'] = rule.sameAs
  }
}

/** Converts one valibot schema; the converter's own `$schema` stays on the document only. */
export function convert(schema: v.GenericSchema): Node {
  const { $schema: _dialect, ...node } = toJsonSchema(schema, CONFIG) as Node
  return node as Node
}

/** The JSON Schema document of one table, as an object. */
export function schemaDocument(document: SchemaDocument): Node {
  const definitions: Record<string, Node> = {}
  for (const [name, schema] of Object.entries(document.schemas)) {
    const node = convert(schema)
    annotateDefaults(node, document.defaults[name])
    definitions[name] = node
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: document.title,
    description: document.description,
    definitions,
  } as Node
}
