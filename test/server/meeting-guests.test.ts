import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import type { MeetingAccepted, MeetingJoined, PendingAuthorizations } from '../../src/protocol'
import { TestServer } from './support/test-server'
import { insertAppointment } from './support/appointments'
import { EventClient } from './support/event-client'

let server: TestServer
const extraClients: EventClient[] = []
before(async () => {
  server = await TestServer.start()
})
after(async () => {
  for (const client of extraClients) client.close()
  await server.close()
})

/** A customer socket with its own handshake (session id, and a guest token when it has one). */
async function customer(auth: { sessionId: string; guestToken?: string }): Promise<EventClient> {
  const client = new EventClient(server.url, { namespace: '/customer', auth })
  extraClients.push(client)
  await client.connected()
  return client
}

/** An agent in a meeting starting now; `admit` lets a named guest in and resolves with what they got. */
async function meetingWithAgent() {
  const agent = await server.agent(await server.createAgent([]), { status: 'available' })
  const meeting = await insertAppointment(server, agent.userId, { startInMinutes: 2 })
  const joined = await agent.client.request<MeetingJoined>('meeting:join', { appointment: meeting.id })
  assert.ok(joined.ok)
  await agent.client.next('meeting:join')
  const admit = async (guest: EventClient, name: string): Promise<MeetingAccepted> => {
    assert.ok((await guest.request('meeting:join', { code: meeting.code, name })).ok)
    let pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    while (!pending.data.some((p) => p.name === name))
      pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    const sessionId = pending.data.find((p) => p.name === name)?.sessionId as string
    assert.ok((await agent.client.request('meeting:accept', { sessionId })).ok)
    return guest.next<MeetingAccepted>('meeting:accepted')
  }
  return { agent, meeting, admit }
}

describe('meeting guests', () => {
  it("never sends a guest's secret session id to the other guests", async () => {
    const { admit } = await meetingWithAgent()
    const martaSession = randomUUID()
    const marta = await customer({ sessionId: martaSession })
    const martaIn = await admit(marta, 'Marta')
    const pabloSession = randomUUID()
    const pablo = await customer({ sessionId: pabloSession })
    const pabloIn = await admit(pablo, 'Pablo')

    // What each guest learns about the other: peer ids in the admission and in peer:join.
    const martaSeen = pabloIn.peers.find((peer) => peer.name === 'Marta')
    assert.ok(martaSeen)
    assert.equal(martaSeen.id, martaIn.peerId)
    const pabloSeen = await marta.next<{ peer: { id: string } }>('peer:join')
    assert.equal(pabloSeen.peer.id, pabloIn.peerId)
    for (const [id, secret] of [
      [martaSeen.id, martaSession],
      [pabloSeen.peer.id, pabloSession],
    ] as const) {
      assert.ok(!id.includes(secret), `${id} carries a session id`)
      assert.match(id, /^visitor:[0-9a-z-]+$/i)
    }
    // The session id is not a door either: the peer id opens nothing on the customer namespace.
    const impostor = await customer({ sessionId: martaIn.peerId.slice('visitor:'.length) })
    await impostor.request('permissions', { camera: true, microphone: true })
    assert.equal(impostor.has('meeting:accepted'), false)
  })

  it('gives an admitted guest a server-signed token, without which the session id does not bring them back', async () => {
    const { admit, agent, meeting } = await meetingWithAgent()
    const sessionId = randomUUID()
    const first = await customer({ sessionId })
    const admitted = await admit(first, 'Lucía')
    assert.equal(admitted.guestToken.split('.').length, 3)
    first.close()

    // The guest's own reconnect shows the token: straight back in, same public peer id.
    const back = await customer({ sessionId, guestToken: admitted.guestToken })
    const again = await back.next<MeetingAccepted>('meeting:accepted')
    assert.equal(again.peerId, admitted.peerId)
    back.close()

    // A forged token (another signature) opens nothing when the socket connects.
    const [header, payload] = admitted.guestToken.split('.')
    const forged = await customer({ sessionId, guestToken: `${header}.${payload}.AAAA` })
    // Events wait for the connection's own work: once this is answered, any re-admission would have come.
    await forged.request('permissions', { camera: true, microphone: true })
    assert.equal(forged.has('meeting:accepted'), false)
    forged.close()

    // Only the session id (stolen from storage or a log): back to the waiting room, the agent decides again.
    const thief = await customer({ sessionId })
    const rejoined = await thief.request('meeting:join', { code: meeting.code, name: 'Lucía' })
    assert.ok(rejoined.ok)
    assert.equal(thief.has('meeting:accepted'), false)
    assert.ok(await thief.next('meeting:waiting'))
    let pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    while (!pending.data.some((p) => p.name === 'Lucía'))
      pending = await agent.client.next<PendingAuthorizations>('meeting:pending:authorizations')
    assert.equal(pending.data.filter((p) => p.name === 'Lucía').length, 1)
  })
})
