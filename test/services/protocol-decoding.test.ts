import { expect } from '@open-wc/testing'
import {
  CLIENT_REPLY_DEFAULTS,
  SERVER_EVENT_DEFAULTS,
  clientEventReplySchemas,
  serverEventSchemas,
  type FieldDefault,
} from '../../src/protocol'
import { createSocketConnection, SocketRequestError, type MalformedMessage } from '../../src/services/socket'
import { consoleSettings, inboundCall, joinedCall, meetingJoined, newId } from '../support/call-fixtures'
import { fakeIo } from '../support/fake-socket'

/** A complete, valid payload of each server event the tests cover. */
function fixtures(): Record<string, Record<string, unknown>> {
  const settings = consoleSettings({
    apps: [{ name: 'kit', label: 'Kit', devices: ['nfc'] }],
    statuses: [
      { id: 'available', name: 'available', label: 'Available', color: '#30a46c' },
      { id: 'disconnected', name: 'disconnected', label: 'Disconnected', color: '#e5484d' },
    ],
  })
  const customer = { callId: newId(), name: 'Ana' }
  return {
    'console:settings': settings,
    'agent:authenticated': {
      id: newId(),
      firstname: 'Ada',
      lastname: 'Lovelace',
      segments: [newId()],
      callId: null,
      appointmentId: null,
    },
    inbound: inboundCall(),
    transferred: inboundCall({ kind: 'transferred', agent: 'Bo', transferred: { segment: null } }),
    invited: inboundCall({ kind: 'invited', agent: 'Bo', invitation: true }),
    join: joinedCall(),
    rejoin: joinedCall(),
    'customer:join': customer,
    'customer:timeout': customer,
    'customer:hangup': customer,
    'meeting:join': meetingJoined(),
    'agent:status:update': { online: true, available: true, inCall: false, status: 'available' },
    end: { callId: newId(), reason: 'hangup' },
    'notifications:update': { notifications: [], total: 0, unread: 0 },
    'agent:call:timeout': { callId: newId() },
  }
}

function listen(event: string) {
  const fake = fakeIo()
  const problems: MalformedMessage[] = []
  const socket = createSocketConnection({
    url: '',
    path: '/ws',
    timeoutMs: 1_000,
    schemas: serverEventSchemas,
    defaults: SERVER_EVENT_DEFAULTS,
    replyDefaults: CLIENT_REPLY_DEFAULTS,
    onMalformed: (problem) => problems.push(problem),
    ioFactory: fake.factory,
  })
  const received: unknown[] = []
  socket.on(event as keyof typeof serverEventSchemas, (payload) => received.push(payload))
  return { socket, fake: fake.socket(), problems, received }
}

/** Removes the field at a default's path (every item's, for `[]`) from a deep copy. */
function without(payload: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(payload)
  const walk = (target: unknown, segments: string[]): void => {
    if (typeof target !== 'object' || target === null) return
    const [head, ...rest] = segments as [string, ...string[]]
    const record = target as Record<string, unknown>
    if (head.endsWith('[]')) {
      for (const item of (record[head.slice(0, -2)] as unknown[]) ?? []) walk(item, rest)
      return
    }
    if (rest.length === 0) delete record[head]
    else walk(record[head], rest)
  }
  walk(copy, path.split('.'))
  return copy
}

/** The values at a path (one per array item for `[]`). */
function valuesAt(payload: unknown, path: string): unknown[] {
  let values = [payload]
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]')
    const key = list ? segment.slice(0, -2) : segment
    values = values.flatMap((value) => {
      const next = (value as Record<string, unknown>)[key]
      return list ? (next as unknown[]) : [next]
    })
  }
  return values
}

function expected(rule: FieldDefault, item: Record<string, unknown>): unknown {
  return rule.sameAs === undefined ? rule.value : item[rule.sameAs]
}

const silence = () => {
  const { warn, info } = console
  console.warn = () => {}
  console.info = () => {}
  return () => Object.assign(console, { warn, info })
}

describe('tolerant and loud decoding of server messages', () => {
  let restore: () => void
  beforeEach(() => (restore = silence()))
  afterEach(() => restore())

  for (const [event, rules] of Object.entries(SERVER_EVENT_DEFAULTS)) {
    describe(event, () => {
      for (const rule of rules) {
        it(`accepts it without ${rule.path} and uses the documented default`, () => {
          const full = fixtures()[event]!
          const { fake, problems, received } = listen(event)
          fake.serverEmit(event, without(full, rule.path))
          expect(problems, JSON.stringify(problems)).to.deep.equal([])
          expect(received).to.have.length(1)
          const parent = rule.path.includes('.') ? rule.path.slice(0, rule.path.lastIndexOf('.')) : ''
          const owners = parent ? valuesAt(received[0], parent) : [received[0]]
          const got = valuesAt(received[0], rule.path)
          expect(got.length).to.equal(owners.length)
          got.forEach((value, index) =>
            expect(value, rule.path).to.deep.equal(expected(rule, owners[index] as Record<string, unknown>)),
          )
        })
      }
    })
  }

  for (const [event, full] of Object.entries(fixtures())) {
    const tolerated = new Set((SERVER_EVENT_DEFAULTS[event] ?? []).map((rule) => rule.path))
    for (const field of Object.keys(full).filter((key) => !tolerated.has(key))) {
      it(`drops ${event} without its required ${field}, naming the field`, () => {
        const { fake, problems, received } = listen(event)
        fake.serverEmit(event, without(full, field))
        expect(received).to.deep.equal([])
        expect(problems).to.deep.equal([{ event, kind: 'event', field, reason: 'missing' }])
      })
    }
  }

  it('names the field and what is wrong when a value has the wrong type', () => {
    const { fake, problems, received } = listen('console:settings')
    fake.serverEmit('console:settings', { ...fixtures()['console:settings'], pageSize: '10' })
    expect(received).to.deep.equal([])
    expect(problems).to.have.length(1)
    expect(problems[0]).to.include({ event: 'console:settings', field: 'pageSize' })
    expect(problems[0]!.reason).to.match(/number/)
  })

  it('ignores unknown fields, prototype keys included', () => {
    const { fake, problems, received } = listen('agent:status:update')
    const payload = JSON.parse(
      '{"online":true,"available":false,"inCall":false,"status":"break","mood":"sunny","__proto__":{"polluted":1}}',
    )
    fake.serverEmit('agent:status:update', payload)
    expect(problems).to.deep.equal([])
    expect(received).to.deep.equal([{ online: true, available: false, inCall: false, status: 'break' }])
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined)
  })

  it('drops a payload that is not an object, naming the whole payload', () => {
    const { fake, problems, received } = listen('inbound')
    fake.serverEmit('inbound', 'ring!')
    expect(received).to.deep.equal([])
    expect(problems).to.deep.equal([
      { event: 'inbound', kind: 'event', field: '(payload)', reason: problems[0]!.reason },
    ])
  })

  it('accepts an answer acknowledgement without customerPermissions or recordingsSettings', async () => {
    const { socket, fake, problems } = listen('join')
    const call = without(without(joinedCall(), 'customerPermissions'), 'recordingsSettings')
    fake.answer('answer', () => ({ ok: true, data: call }))
    socket.connect()
    const joined = await socket.request('answer', { callId: call.id }, clientEventReplySchemas.answer)
    expect(problems).to.deep.equal([])
    expect(joined.customerPermissions).to.equal(null)
    expect(joined.recordingsSettings.enabled).to.equal(false)
  })

  it('refuses an answer acknowledgement without accessToken with a 502, naming the field', async () => {
    const { socket, fake, problems } = listen('join')
    const call = without(joinedCall(), 'accessToken')
    fake.answer('answer', () => ({ ok: true, data: call }))
    socket.connect()
    const failure = await socket.request('answer', { callId: call.id }, clientEventReplySchemas.answer).then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure).to.be.instanceOf(SocketRequestError)
    expect((failure as SocketRequestError).code).to.equal(502)
    expect(problems).to.deep.equal([
      { event: 'answer', kind: 'reply', field: 'data.accessToken', reason: 'missing' },
    ])
  })
})
