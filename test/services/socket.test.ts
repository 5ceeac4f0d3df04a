import { expect } from '@open-wc/testing'
import * as v from 'valibot'
import { createSocketConnection, SocketRequestError } from '../../src/services/socket'
import { fakeIo } from '../support/fake-socket'

const schemas = {
  'agent:status:update': v.object({ online: v.boolean(), available: v.boolean(), inCall: v.boolean() }),
}

function connection() {
  const fake = fakeIo()
  const socket = createSocketConnection({
    url: '',
    path: '/ws',
    timeoutMs: 15_000,
    schemas,
    ioFactory: fake.factory,
  })
  return { socket, fake: fake.socket() }
}

describe('services/socket', () => {
  it('opens a websocket-only link on /ws with the transport reconnection off', () => {
    const { fake } = connection()
    expect(fake.options).to.include({ path: '/ws', reconnection: false, timeout: 15_000, autoConnect: false })
    expect(fake.options.transports).to.deep.equal(['websocket'])
  })

  it('hands valid payloads to the handler and drops malformed ones', () => {
    const { socket, fake } = connection()
    const seen: unknown[] = []
    const warnings: unknown[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    try {
      socket.on('agent:status:update', (status) => seen.push(status))
      fake.serverEmit('agent:status:update', { online: true, available: 'yes', inCall: false })
      fake.serverEmit('agent:status:update', { online: true, available: true, inCall: false })
    } finally {
      console.warn = warn
    }
    expect(seen).to.deep.equal([{ online: true, available: true, inCall: false }])
    expect(warnings).to.have.length(1)
  })

  it('resolves a request with the acknowledged data', async () => {
    const { socket, fake } = connection()
    fake.answer('appointments:get', () => ({ ok: true, data: { id: 'a1' } }))
    socket.connect()
    const result = await socket.request('appointments:get', { id: 'a1' }, v.object({ id: v.string() }))
    expect(result).to.deep.equal({ id: 'a1' })
  })

  it('rejects a request with the error reply, keeping code, reason and field errors', async () => {
    const { socket, fake } = connection()
    fake.answer('hangup', () => ({
      ok: false,
      error: {
        code: 409,
        message: 'Conflict',
        errors: [{ code: 'mandatoryTags', message: 'Select at least 1 tag is mandatory' }],
      },
    }))
    socket.connect()
    const error = (await socket
      .request('hangup', {}, v.null())
      .catch((e: unknown) => e)) as SocketRequestError
    expect(error).to.be.instanceOf(SocketRequestError)
    expect(error.code).to.equal(409)
    expect(error.errors[0]?.code).to.equal('mandatoryTags')
  })

  it('rejects at once when not connected, and with 408 when no ack comes', async () => {
    const { socket } = connection()
    const offline = (await socket
      .request('answer', {}, v.null())
      .catch((e: unknown) => e)) as SocketRequestError
    expect(offline.code).to.equal(503)
    socket.connect()
    const silent = (await socket
      .request('answer', {}, v.null())
      .catch((e: unknown) => e)) as SocketRequestError
    expect(silent.code).to.equal(408)
  })
})
