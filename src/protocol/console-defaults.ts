import type { RecordingsSettings, StatusOption } from './settings'

/**
 * What the console does when a server leaves a field out. A conforming server sends every field (the
 * JSON Schema lists them as required and the conformance kit fails without them); the console is
 * tolerant of the fields listed here and fills in the default, and drops a message that lacks any
 * other field (telling the agent and firing `agent-protocol-error`).
 */
export interface FieldDefault {
  /** Dotted path in the payload; `[]` walks every item of an array: `statuses[].label`. */
  readonly path: string
  /** The value used when the field is absent (`undefined`). */
  readonly value?: unknown
  /** Or: the value of this sibling field (a status option's `label` defaults to its `id`). */
  readonly sameAs?: string
}

/** The recorder settings the console assumes when a server sends none: recording off. */
export const RECORDER_OFF: RecordingsSettings = {
  enabled: false,
  type: 'cloud',
  audioBitsPerSeconds: 128_000,
  videoBitsPerSeconds: 2_500_000,
  maxBytes: 0,
  automaticRecord: false,
  audio: true,
  video: true,
}

/** The statuses the console offers when the settings list none: the two it cannot do without. */
export const DEFAULT_STATUS_OPTIONS: readonly StatusOption[] = [
  { id: 'available', name: 'available', label: 'Available', color: '#30a46c' },
  { id: 'disconnected', name: 'disconnected', label: 'Disconnected', color: '#e5484d' },
]

/** The page size the console assumes when `console:settings` has no `pageSize` (the server's default). */
export const DEFAULT_PAGE_SIZE = 10

const EMPTY_EXTRA_DATA = {
  ip: null,
  referrer: null,
  countryName: null,
  countryCode: null,
  regionName: null,
  cityName: null,
  carrierName: null,
  browserName: null,
  browserVersion: null,
  osName: null,
  osVersion: null,
  deviceType: null,
  langNative: null,
}

/** Defaults of a ringing call (`inbound`, `transferred`, `invited`), less `kind`. */
function offerDefaults(kind: 'inbound' | 'transferred' | 'invited'): FieldDefault[] {
  return [
    { path: 'kind', value: kind },
    { path: 'customerName', value: '' },
    { path: 'previousSegment', value: null },
    { path: 'segmentPrevious', sameAs: 'previousSegment' },
    { path: 'duration', value: 0 },
    { path: 'agent', value: null },
    { path: 'transferred', value: null },
    { path: 'invitation', value: kind === 'invited' },
    { path: 'priority', value: false },
    { path: 'ticketId', value: null },
    { path: 'poc', value: null },
    { path: 'branch', value: null },
    { path: 'inboundData', value: { branch: null, ticketId: null, poc: null } },
  ]
}

/** Defaults of a joined call (`join`, `rejoin`, and the ack of `answer`). */
const CALL_DEFAULTS: readonly FieldDefault[] = [
  ...offerDefaults('inbound'),
  { path: 'role', value: 'agent' },
  { path: 'extraData', value: EMPTY_EXTRA_DATA },
  ...Object.keys(EMPTY_EXTRA_DATA).map((key) => ({ path: `extraData.${key}`, value: null })),
  { path: 'form', value: [] },
  { path: 'agentForm', value: null },
  { path: 'agentFormValues', value: {} },
  { path: 'tags', value: [] },
  { path: 'selectedTags', value: [] },
  { path: 'mandatoryTags', value: false },
  { path: 'comments', value: '' },
  { path: 'signalingToken', sameAs: 'accessToken' },
  { path: 'recordingsSettings', value: RECORDER_OFF },
  { path: 'integrationData', value: null },
  { path: 'peers', value: [] },
  { path: 'messages', value: [] },
  { path: 'customerConnected', value: true },
  { path: 'customerPermissions', value: null },
  { path: 'customerGone', value: null },
]

/**
 * The fields of each server event the console tolerates missing, with the value it uses instead.
 * Order matters: a parent's default comes before its children's.
 */
export const SERVER_EVENT_DEFAULTS: Readonly<Record<string, readonly FieldDefault[]>> = {
  'console:settings': [
    { path: 'fileShare', value: { enabled: false } },
    { path: 'capture', value: { enabled: false } },
    { path: 'apps', value: [] },
    { path: 'apps[].label', sameAs: 'name' },
    { path: 'apps[].devices', value: [] },
    { path: 'recorder', value: RECORDER_OFF },
    { path: 'calendarEnabled', value: false },
    { path: 'virtualBackground', value: { enabled: false, images: [] } },
    { path: 'virtualBackground.images', value: [] },
    { path: 'statuses', value: DEFAULT_STATUS_OPTIONS },
    { path: 'statuses[].name', sameAs: 'id' },
    { path: 'statuses[].label', sameAs: 'id' },
    { path: 'statuses[].color', value: '#8d8d8d' },
    { path: 'pageSize', value: DEFAULT_PAGE_SIZE },
  ],
  'agent:authenticated': [
    { path: 'firstname', value: '' },
    { path: 'lastname', value: '' },
    { path: 'segments', value: [] },
    { path: 'callId', value: null },
    { path: 'appointmentId', value: null },
  ],
  inbound: offerDefaults('inbound'),
  transferred: offerDefaults('transferred'),
  invited: offerDefaults('invited'),
  join: CALL_DEFAULTS,
  rejoin: CALL_DEFAULTS,
  'customer:join': [{ path: 'name', value: '' }],
  'customer:timeout': [{ path: 'name', value: '' }],
  'customer:hangup': [{ path: 'name', value: '' }],
  'meeting:join': [
    { path: 'recordingsSettings', value: RECORDER_OFF },
    { path: 'peers', value: [] },
    { path: 'pendingAuthorizations', value: [] },
    { path: 'messages', value: [] },
  ],
}

/** Defaults of the ack data of client events, by client event (the `answer` ack is a `join`). */
export const CLIENT_REPLY_DEFAULTS: Readonly<Record<string, readonly FieldDefault[]>> = {
  answer: CALL_DEFAULTS,
  'meeting:join': SERVER_EVENT_DEFAULTS['meeting:join']!,
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Fills one path into `target` (a fresh copy), returning the copy; `filled` collects full paths. */
function fill(
  target: unknown,
  segments: readonly string[],
  rule: FieldDefault,
  prefix: string,
  filled: string[],
): unknown {
  if (!isPlainObject(target)) return target
  const [head, ...rest] = segments as [string, ...string[]]
  const list = head.endsWith('[]')
  const key = list ? head.slice(0, -2) : head
  const copy: Record<string, unknown> = { ...target }
  const at = prefix ? `${prefix}.${key}` : key
  if (rest.length === 0) {
    if (Object.hasOwn(copy, key) && copy[key] !== undefined) return target
    const value = rule.sameAs === undefined ? rule.value : copy[rule.sameAs]
    if (value === undefined) return target
    // Defaults are shared constants: each payload gets its own copy.
    copy[key] = structuredClone(value)
    filled.push(at)
    return copy
  }
  const child = Object.hasOwn(copy, key) ? copy[key] : undefined
  if (list) {
    if (!Array.isArray(child)) return target
    copy[key] = child.map((item, index) => fill(item, rest, rule, `${at}[${index}]`, filled))
  } else {
    if (!isPlainObject(child)) return target
    copy[key] = fill(child, rest, rule, at, filled)
  }
  return copy
}

/**
 * Fills the absent tolerated fields of a payload with their defaults. Never mutates `payload`; a
 * payload that is not an object comes back as it is (the schema then refuses it).
 *
 * @example
 * withDefaults({ statuses: [] }, SERVER_EVENT_DEFAULTS['console:settings']!).payload.pageSize // 10
 */
export function withDefaults(
  payload: unknown,
  rules: readonly FieldDefault[] | undefined,
): { payload: unknown; defaulted: string[] } {
  const defaulted: string[] = []
  let result = payload
  for (const rule of rules ?? []) result = fill(result, rule.path.split('.'), rule, '', defaulted)
  return { payload: result, defaulted }
}
