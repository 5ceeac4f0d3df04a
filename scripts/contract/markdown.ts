// The message reference of docs/protocol.md, rendered from the generated schemas: per message its
// fields (type, required, what happens when absent) and a checked example.
import type * as v from 'valibot'
import { checkedExample } from './examples'
import { convert, type Node, type SchemaDocument } from './json-schemas'

const MAX_DEPTH = 3

function typeOf(node: Node): string {
  if ('const' in node) return `\`${JSON.stringify(node.const)}\``
  if (Array.isArray(node.enum)) return node.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' | ')
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined
  if (branches) return branches.map(typeOf).join(' | ')
  if (node.type === 'array') {
    const item = typeOf((node.items ?? {}) as Node)
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`
  }
  if (node.type === 'string') {
    if (node.pattern === '^[0-9a-f]{24}$') return 'id'
    if (node.format === 'date-time') return 'instant'
    if (node.format) return `string (${String(node.format)})`
  }
  if (node.type === 'object' && !node.properties) return 'object'
  return String(node.type ?? 'any')
}

function objectOf(node: Node): Node | undefined {
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined
  const branch = branches ? branches.find((candidate) => candidate.type !== 'null') : node
  if (!branch) return undefined
  if (branch.type === 'array') return objectOf((branch.items ?? {}) as Node)
  return branch.type === 'object' && branch.properties ? branch : undefined
}

interface Row {
  field: string
  type: string
  required: boolean
  absent: string
}

function rows(
  node: Node,
  absentRule: (required: boolean, child: Node) => string,
  prefix = '',
  depth = 1,
): Row[] {
  const object = objectOf(node)
  if (!object) return []
  const required = new Set((object.required ?? []) as string[])
  const list: Row[] = []
  for (const [key, child] of Object.entries(object.properties as Record<string, Node>)) {
    const isArray =
      (child.type === 'array' || ((child.anyOf ?? []) as Node[]).some((b) => b.type === 'array')) &&
      objectOf(child)
    const field = `${prefix}${key}`
    list.push({
      field,
      type: typeOf(child),
      required: required.has(key),
      absent: absentRule(required.has(key), child),
    })
    if (depth < MAX_DEPTH) list.push(...rows(child, absentRule, `${field}${isArray ? '[]' : ''}.`, depth + 1))
  }
  return list
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function absentForServerMessage(required: boolean, child: Node): string {
  if ('default' in child) {
    const value = JSON.stringify(child.default)
    // Long defaults (the recorder off, the two statuses) live in the JSON Schema's `default`.
    return value.length > 40
      ? 'console uses its default (the JSON Schema `default`)'
      : `console uses \`${value}\``
  }
  if (typeof child['x-console-default-from'] === 'string')
    return `console uses \`${child['x-console-default-from']}\``
  return required ? '**message dropped**: agent error + `agent-protocol-error`' : 'optional'
}

function absentForClientMessage(required: boolean, child: Node): string {
  if ('default' in child) return `server uses \`${JSON.stringify(child.default)}\``
  return required ? 'refused (400)' : 'optional'
}

/** Who reads a document's messages: the console (what the server sends it), the server, or a customer page. */
export type Receiver = 'console' | 'server' | 'customer'

function absentForCustomerMessage(required: boolean): string {
  return required ? 'required' : 'optional'
}

/** The markdown of one schema document: a heading, then each message with its fields and example. */
export function renderDocument(document: SchemaDocument, receiver: Receiver, headingLevel = 4): string {
  const hashes = '#'.repeat(headingLevel)
  const parts: string[] = []
  for (const [name, schema] of Object.entries(document.schemas) as [string, v.GenericSchema][]) {
    const node = convert(schema)
    // Mark the console's defaults on a copy the way the JSON Schema documents do.
    for (const rule of document.defaults[name] ?? []) markDefault(node, rule.path, rule)
    const rule =
      receiver === 'console'
        ? absentForServerMessage
        : receiver === 'customer'
          ? absentForCustomerMessage
          : absentForClientMessage
    const table = rows(node, rule)
    parts.push(`${hashes} \`${name}\``, '')
    if (table.length === 0) parts.push(node.type === 'null' ? 'No data (`null`).' : `Type: ${typeOf(node)}.`)
    else {
      parts.push('| Field | Type | Required | When absent |', '| --- | --- | --- | --- |')
      for (const row of table)
        parts.push(
          `| \`${row.field}\` | ${cell(row.type)} | ${row.required ? 'yes' : 'no'} | ${cell(row.absent)} |`,
        )
    }
    const { example, problem } = checkedExample(name, schema, node)
    if (problem)
      throw new Error(`${document.file} ${name}: the example does not pass its schema (${problem})`)
    parts.push('', '```json', JSON.stringify(example, null, 2), '```', '')
  }
  return parts.join('\n')
}

function markDefault(root: Node, path: string, rule: { value?: unknown; sameAs?: string }): void {
  let node: Node | undefined = root
  for (const segment of path.split('.')) {
    const key = segment.replace(/\[\]$/, '')
    node = objectOf(node!)?.properties?.[key] as Node | undefined
    if (!node) return
  }
  if (rule.sameAs === undefined) node!.default = structuredClone(rule.value) as never
  else node!['x-console-default-from'] = rule.sameAs
}
