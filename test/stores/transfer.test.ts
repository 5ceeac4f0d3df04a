import { expect } from '@open-wc/testing'
import { waitUntil } from '../support/waits'
import { cleanStores, keepMount } from 'nanostores'
import { SEGMENT_TRANSFER_END_MS } from '../../src/constants'
import type { Agent } from '../../src/protocol'
import { $call, abandonCall } from '../../src/stores/call/call'
import {
  $transfer,
  chooseTransferTarget,
  confirmTransfer,
  filterTransferAgents,
  openTransfer,
  transferAgents,
  transferSegments,
} from '../../src/stores/call/transfer'
import { $invite, chooseInvitee, confirmInvite, inviteAgents, openInvite } from '../../src/stores/call/invite'
import { isSelectable } from '../../src/stores/directory/agents-directory'
import { $toasts, clearToasts } from '../../src/stores/app/toasts'
import { resetActivity } from '../../src/stores/status/activity'
import { fakeApi, type FakeApi } from '../support/fake-api'
import { fakeClock, type FakeClock } from '../support/fake-clock'
import type { FakeSocket } from '../support/fake-socket'
import { connectFakeSocket, joinedCall, newId, ok, refused } from '../support/call-fixtures'
import { signIn, USER_ID } from '../support/session'
import { clearTokens } from '../../src/stores/session/tokens'

function agent(firstname: string, status: Partial<Agent['status']> = {}): Agent {
  return {
    id: newId(),
    firstname,
    lastname: 'Test',
    level: 5,
    status: { online: true, available: true, inCall: false, id: 'available', ...status },
  }
}

function page<T>(data: T[], limit = 5, skip = 0) {
  return {
    data,
    total: data.length + 7,
    limit,
    skip,
    page: skip / limit + 1,
    sortField: null,
    sortOrder: null,
  }
}

describe('transfer and invitation', () => {
  let time: FakeClock
  let socket: FakeSocket
  let api: FakeApi
  let callId: string
  const sales = { id: newId(), name: 'Sales' }
  const bruno = agent('Bruno')

  beforeEach(async () => {
    time = fakeClock()
    api = fakeApi()
    api.route('GET', '/api/segments', (request) => ({
      status: 200,
      body: page([sales], 5, request.path.includes('$skip=5') ? 5 : 0),
    }))
    api.route('GET', '/api/users', { status: 200, body: page([bruno, agent('Carla', { available: false })]) })
    signIn(Date.now())
    socket = connectFakeSocket()
    keepMount($call)
    const call = joinedCall()
    callId = call.id
    socket.serverEmit('join', call)
  })
  afterEach(() => {
    abandonCall()
    cleanStores($call)
    clearToasts()
    resetActivity()
    clearTokens()
    api.restore()
    time.restore()
  })

  const sent = (event: string) => socket.sent.filter((s) => s.event === event).map((s) => s.payload)
  const toasts = () => $toasts.get().map((t) => ({ id: t.messageId, values: t.values }))

  it("loads both tables without a page size, then pages with the server's, hiding the current user", async () => {
    openTransfer()
    await waitUntil(
      () => transferSegments.$state.get().rows.length > 0 && transferAgents.$state.get().rows.length > 0,
    )
    expect(api.to('/api/segments')[0]!.path).to.not.contain('$limit')
    const users = api.to('/api/users')[0]!.path
    expect(decodeURIComponent(users)).to.contain(`id[$ne]=${USER_ID}`)
    expect(users).to.contain('level=5')
    expect(transferSegments.$state.get()).to.include({ limit: 5, page: 1 })
    await transferSegments.load(2)
    expect(api.to('/api/segments')[1]!.path).to.contain('$limit=5').and.contain('$skip=5')
  })

  it('filters agents by first or last name, case-insensitively', async () => {
    openTransfer()
    filterTransferAgents('BRU')
    await waitUntil(() => api.to('/api/users').some((r) => r.path.includes('BRU')))
    const last = decodeURIComponent(api.to('/api/users').at(-1)!.path)
    expect(last).to.contain('$or[0][firstname][$regex]=BRU').and.contain('$or[0][firstname][$options]=i')
    expect(last).to.contain('$or[1][lastname][$regex]=BRU')
  })

  it('lets only online and available agents be chosen', () => {
    expect(isSelectable(bruno)).to.equal(true)
    expect(isSelectable(agent('Busy', { available: false }))).to.equal(false)
    expect(isSelectable(agent('Gone', { online: false, available: true }))).to.equal(false)
  })

  it('does nothing on confirm until a target is chosen', async () => {
    openTransfer()
    await confirmTransfer()
    expect(sent('call:transfer:segment')).to.deep.equal([])
    expect(sent('call:transfer:agent')).to.deep.equal([])
  })

  it('transfers to a segment: loading, success message, and the call ends 10 s later', async () => {
    socket.answer('call:transfer:segment', () => ok())
    openTransfer()
    chooseTransferTarget({ type: 'segment', ...sales })
    await confirmTransfer()
    expect(sent('call:transfer:segment')).to.deep.equal([{ segment: sales.id }])
    expect($transfer.get().pending).to.equal(true)
    socket.serverEmit('call:transfer:success', {
      callId,
      target: { type: 'segment', ...sales },
      endsInMs: 10_000,
    })
    expect($transfer.get().open).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.successSegment', values: { name: 'Sales' } }])
    await time.tick(SEGMENT_TRANSFER_END_MS - 1)
    expect($call.get()?.id).to.equal(callId)
    await time.tick(1)
    expect($call.get()).to.equal(null)
  })

  it('transfers to an agent when one is chosen, even after a segment', async () => {
    socket.answer('call:transfer:agent', () => ok())
    openTransfer()
    chooseTransferTarget({ type: 'segment', ...sales })
    chooseTransferTarget({ type: 'agent', id: bruno.id, name: 'Bruno Test' })
    await confirmTransfer()
    expect(sent('call:transfer:agent')).to.deep.equal([{ agent: bruno.id }])
    socket.serverEmit('call:transfer:success', {
      callId,
      target: { type: 'agent', id: bruno.id, name: 'Bruno Test' },
      endsInMs: 0,
    })
    expect(toasts()[0]).to.deep.equal({ id: 'call.transfer.successAgent', values: { name: 'Bruno Test' } })
    socket.serverEmit('end', { callId, reason: 'transferred' })
    expect($call.get()).to.equal(null)
  })

  for (const [reason, code, message] of [
    ['dismissed', 409, 'call.transfer.dismissed'],
    ['timeout', 408, 'call.transfer.timeout'],
    ['unavailable', 409, 'call.transfer.unavailable'],
    ['failed', 400, 'call.transfer.failed'],
  ] as const)
    it(`tells the agent why a transfer failed: ${reason}`, async () => {
      socket.answer('call:transfer:agent', () => ok())
      openTransfer()
      chooseTransferTarget({ type: 'agent', id: bruno.id, name: 'Bruno Test' })
      await confirmTransfer()
      socket.serverEmit('call:transfer:error', {
        callId,
        target: { type: 'agent', id: bruno.id, name: 'Bruno Test' },
        code,
        reason,
        message: 'no',
      })
      expect($transfer.get()).to.include({ open: true, pending: false })
      expect(toasts()).to.deep.equal([{ id: message, values: { name: 'Bruno Test' } }])
      expect($call.get()?.id).to.equal(callId)
    })

  it('says a transfer with no answer may be under way, and shows its outcome when it comes', async () => {
    // No answer registered: the fake socket's request times out (408), as on a stalled link.
    openTransfer()
    chooseTransferTarget({ type: 'agent', id: bruno.id, name: 'Bruno Test' })
    await confirmTransfer()
    expect($transfer.get()).to.include({ open: true, pending: false })
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.noAnswer', values: { name: 'Bruno Test' } }])
    // The request had reached the server after all: Bruno answers.
    socket.serverEmit('call:transfer:success', {
      callId,
      target: { type: 'agent', id: bruno.id, name: 'Bruno Test' },
      endsInMs: 0,
    })
    expect($transfer.get().open).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.successAgent', values: { name: 'Bruno Test' } }])
  })

  it('says an invitation with no answer may have been sent', async () => {
    openInvite()
    chooseInvitee(bruno)
    await confirmInvite()
    expect($invite.get().open).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.invite.noAnswer', values: { name: 'Bruno Test' } }])
  })

  it('says a transfer not sent (link down) is to be tried again once connected, keeping the chosen target', async () => {
    const target = { type: 'agent' as const, id: bruno.id, name: 'Bruno Test' }
    socket.answer('call:transfer:agent', () => ok())
    openTransfer()
    chooseTransferTarget(target)
    socket.connected = false
    await confirmTransfer()
    expect(sent('call:transfer:agent')).to.deep.equal([])
    expect($transfer.get()).to.deep.include({ open: true, pending: false, target })
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.notSent', values: { name: 'Bruno Test' } }])
    // The link is back: the same choice goes out as it is.
    socket.connected = true
    await confirmTransfer()
    expect(sent('call:transfer:agent')).to.deep.equal([{ agent: bruno.id }])
    expect($transfer.get().pending).to.equal(true)
  })

  it('says an invitation not sent (link down) is to be tried again once connected, keeping the modal and the agent', async () => {
    socket.answer('call:invite:agent', () => ok())
    openInvite()
    chooseInvitee(bruno)
    socket.connected = false
    await confirmInvite()
    expect(sent('call:invite:agent')).to.deep.equal([])
    expect($invite.get()).to.deep.include({
      open: true,
      pending: false,
      target: { id: bruno.id, name: 'Bruno Test' },
    })
    expect(toasts()).to.deep.equal([{ id: 'call.invite.notSent', values: { name: 'Bruno Test' } }])
    socket.connected = true
    await confirmInvite()
    expect(sent('call:invite:agent')).to.deep.equal([{ agent: bruno.id }])
    expect($invite.get().pending).to.equal(true)
  })

  it('tells the agent a segment has no agents (422 refusal)', async () => {
    socket.answer('call:transfer:segment', () =>
      refused(422, 'No hay agentes conectados en el segmento.', { reason: 'no-agents' }),
    )
    openTransfer()
    chooseTransferTarget({ type: 'segment', ...sales })
    await confirmTransfer()
    expect($transfer.get().pending).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.noAgents', values: { name: 'Sales' } }])
  })

  it('shows a refusal once when it comes both as the error reply and as call:transfer:error', async () => {
    const target = { type: 'segment' as const, ...sales }
    socket.answer('call:transfer:segment', () => {
      // The reference server's order: the event, then the reply.
      socket.serverEmit('call:transfer:error', {
        callId,
        target,
        code: 422,
        reason: 'no-agents',
        message: 'no',
      })
      return refused(422, 'No hay agentes conectados en el segmento.', { reason: 'no-agents' })
    })
    openTransfer()
    chooseTransferTarget(target)
    await confirmTransfer()
    expect($transfer.get().pending).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.transfer.noAgents', values: { name: 'Sales' } }])
  })

  it('shows a refused invitation once when it comes both as the error reply and as call:invite:error', async () => {
    const target = { type: 'agent' as const, id: bruno.id, name: 'Bruno Test' }
    socket.answer('call:invite:agent', () => {
      socket.serverEmit('call:invite:error', {
        callId,
        target,
        code: 409,
        reason: 'unavailable',
        message: 'no',
      })
      return refused(409, 'El agente no está disponible.', { reason: 'unavailable' })
    })
    openInvite()
    chooseInvitee(bruno)
    await confirmInvite()
    expect($invite.get().open).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.invite.unavailable', values: { name: 'Bruno Test' } }])
  })

  it('invites: the button waits, success closes and notifies', async () => {
    socket.answer('call:invite:agent', () => ok())
    openInvite()
    await waitUntil(() => inviteAgents.$state.get().rows.length > 0)
    expect(inviteAgents.$state.get().rows.map((a) => a.firstname)).to.deep.equal(['Bruno', 'Carla'])
    chooseInvitee(bruno)
    await confirmInvite()
    expect(sent('call:invite:agent')).to.deep.equal([{ agent: bruno.id }])
    expect($invite.get().pending).to.equal(true)
    socket.serverEmit('call:invite:success', {
      callId,
      target: { type: 'agent', id: bruno.id, name: 'Bruno Test' },
    })
    expect($invite.get().open).to.equal(false)
    expect(toasts()).to.deep.equal([{ id: 'call.invite.success', values: { name: 'Bruno Test' } }])
  })

  for (const [reason, message] of [
    ['dismissed', 'call.invite.dismissed'],
    ['timeout', 'call.invite.timeout'],
    ['unavailable', 'call.invite.unavailable'],
    ['failed', 'call.invite.failed'],
  ] as const)
    it(`closes the invitation and notifies when it fails: ${reason}`, async () => {
      socket.answer('call:invite:agent', () => ok())
      openInvite()
      chooseInvitee(bruno)
      await confirmInvite()
      socket.serverEmit('call:invite:error', {
        callId,
        target: { type: 'agent', id: bruno.id, name: 'Bruno Test' },
        code: 409,
        reason,
        message: 'no',
      })
      expect($invite.get().open).to.equal(false)
      expect(toasts()).to.deep.equal([{ id: message, values: { name: 'Bruno Test' } }])
    })

  it('notes for 7 s that an invited agent left', async () => {
    socket.serverEmit('invited:hangup', { callId, agent: 'Bruno Test' })
    expect(toasts()).to.deep.equal([{ id: 'call.invite.hangup', values: { name: 'Bruno Test' } }])
    await time.tick(7_000)
    expect(toasts()).to.deep.equal([])
  })
})
