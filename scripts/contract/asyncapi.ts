// The AsyncAPI 3.0 document of the realtime channel, from the server's side: it `send`s the events a
// console or customer receives and `receive`s theirs; payloads point into the generated schemas.
import { SCHEMA_DOCUMENTS } from './json-schemas'

const ref = (file: string, name: string) => ({ $ref: `schemas/${file}#/definitions/${name}` })
/** AsyncAPI component keys allow letters, digits, `.`, `-` and `_`. */
const key = (prefix: string, event: string) => `${prefix}.${event.replace(/[^A-Za-z0-9_-]/g, '.')}`

interface Side {
  channel: 'agent' | 'customer'
  toServer: string
  fromServer: string
  replies: string | null
}

const SIDES: Side[] = [
  {
    channel: 'agent',
    toServer: 'agent-client-events.json',
    fromServer: 'agent-server-events.json',
    replies: 'agent-client-replies.json',
  },
  {
    channel: 'customer',
    toServer: 'customer-client-events.json',
    fromServer: 'customer-server-events.json',
    replies: null,
  },
]

/** The AsyncAPI document, as an object. */
export function asyncApiDocument(version: string): Record<string, unknown> {
  const messages: Record<string, unknown> = {}
  const channels: Record<
    string,
    { address: string; title: string; description: string; messages: Record<string, unknown> }
  > = {
    agent: {
      address: '/ws',
      title: 'Agent consoles',
      description:
        'socket.io 4, path `/ws`, default namespace, websocket transport only. Every payload is a JSON object. A console event may carry an ack callback, called once with `{ ok: true, data }` or `{ ok: false, error: ErrorReply }`; without one a refusal arrives as `protocol:error`. Only `authenticate` is accepted before authentication.',
      messages: {},
    },
    customer: {
      address: '/customer',
      title: 'Customer pages',
      description:
        'socket.io 4, path `/ws`, namespace `/customer`, websocket transport only, handshake `auth: { sessionId }` (8+ characters, kept in sessionStorage). Acks and `protocol:error` as for agents.',
      messages: {},
    },
  }
  const operations: Record<string, unknown> = {}
  const schemaNames = (file: string) =>
    Object.keys(SCHEMA_DOCUMENTS.find((document) => document.file === file)!.schemas)

  for (const side of SIDES) {
    for (const event of schemaNames(side.fromServer)) {
      const id = key(`${side.channel}.fromServer`, event)
      messages[id] = { name: event, title: event, payload: ref(side.fromServer, event) }
      channels[side.channel]!.messages[id] = { $ref: `#/components/messages/${id}` }
      operations[key(`${side.channel}.send`, event)] = {
        action: 'send',
        channel: { $ref: `#/channels/${side.channel}` },
        messages: [{ $ref: `#/channels/${side.channel}/messages/${id}` }],
      }
    }
    for (const event of schemaNames(side.toServer)) {
      const id = key(`${side.channel}.toServer`, event)
      messages[id] = { name: event, title: event, payload: ref(side.toServer, event) }
      channels[side.channel]!.messages[id] = { $ref: `#/components/messages/${id}` }
      const operation: Record<string, unknown> = {
        action: 'receive',
        channel: { $ref: `#/channels/${side.channel}` },
        messages: [{ $ref: `#/channels/${side.channel}/messages/${id}` }],
      }
      if (side.replies) {
        const replyId = key(`${side.channel}.ack`, event)
        messages[replyId] = {
          name: `${event} (ack)`,
          title: `Acknowledgement of ${event}`,
          payload: {
            oneOf: [
              {
                type: 'object',
                properties: { ok: { const: true }, data: ref(side.replies, event) },
                required: ['ok', 'data'],
              },
              {
                type: 'object',
                properties: { ok: { const: false }, error: ref('http.json', 'ErrorReply') },
                required: ['ok', 'error'],
              },
            ],
          },
        }
        channels[side.channel]!.messages[replyId] = { $ref: `#/components/messages/${replyId}` }
        operation.reply = {
          channel: { $ref: `#/channels/${side.channel}` },
          messages: [{ $ref: `#/channels/${side.channel}/messages/${replyId}` }],
        }
      }
      operations[key(`${side.channel}.receive`, event)] = operation
    }
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Agent console realtime contract',
      version,
      description:
        'Generated from src/protocol/ by `npm run contract`; do not edit. docs/protocol.md explains the flows.',
    },
    defaultContentType: 'application/json',
    servers: {
      reference: {
        host: 'localhost:3000',
        protocol: 'ws',
        description: 'The reference server (`npm run dev`); any host keeping this contract works.',
      },
    },
    channels,
    operations,
    components: { messages },
  }
}
