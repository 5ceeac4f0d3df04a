import type { Beamport, CommentsUpdated, Exchange, FormValues } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { newId } from '../store/ids'
import { consoleSettings } from '../store/accounts'
import { rooms } from '../realtime/io-types'
import { agentPeerId } from '../store/participants'
import { agentCall, agentRoom } from './current-room'

/** `set:tags`: replaces the call's chosen tags; unknown ids (or another segment's) answer 400. */
export async function setTags(
  context: ServerContext,
  userId: string,
  tags: string[],
): Promise<{ tags: string[] }> {
  const call = await agentCall(context, context.db, userId)
  const unique = [...new Set(tags)]
  const known = await context.db.query<{ id: string }>(
    'SELECT id FROM tags WHERE account_id = $1 AND (segment_id IS NULL OR segment_id = $2) AND id = ANY($3)',
    [call.account_id, call.segment_id, unique],
  )
  if (known.length !== unique.length) throw new ServerError(400, 'Unknown tag')
  await context.db.query('UPDATE calls SET selected_tags = $2 WHERE id = $1', [call.id, unique])
  return { tags: unique }
}

/** `comments`: stores the agent's comments; every agent in the call hears `comments:updated`. */
export async function saveComments(
  context: ServerContext,
  userId: string,
  comments: string,
): Promise<CommentsUpdated> {
  const call = await agentCall(context, context.db, userId)
  const now = new Date(context.clock.now())
  await context.db.query('UPDATE calls SET comments = $2, comments_at = $3 WHERE id = $1', [
    call.id,
    comments,
    now,
  ])
  const updated = { callId: call.id, date: now.toISOString() }
  context.io.to(rooms.room(call.id)).emit('comments:updated', updated)
  return updated
}

/** `form:update`: stores the agent form values (only fields of the form; 409 when the call has none). */
export async function updateAgentForm(
  context: ServerContext,
  userId: string,
  values: FormValues,
): Promise<void> {
  const call = await agentCall(context, context.db, userId)
  if (!call.agent_form) throw new ServerError(409, 'This call has no agent form')
  const names = new Set(call.agent_form.map((field) => field.name))
  const unknown = Object.keys(values).filter((name) => !names.has(name))
  if (unknown.length > 0) throw new ServerError(400, `Unknown form fields: ${unknown.join(', ')}`)
  await context.db.query('UPDATE calls SET agent_form_values = $2 WHERE id = $1', [
    call.id,
    JSON.stringify(values),
  ])
}

/** Records something that happened in a call (queue notify, capture shot...). */
async function callEvent(context: ServerContext, callId: string, kind: string, data: unknown): Promise<void> {
  await context.db.query(
    'INSERT INTO call_events (id, call_id, kind, data, created_at) VALUES ($1, $2, $3, $4, $5)',
    [newId(), callId, kind, data === undefined ? null : JSON.stringify(data), new Date(context.clock.now())],
  )
}

/** `qms:notify`: tells the queue system the ticket is being served (stored as a call event). */
export async function notifyQueueSystem(context: ServerContext, userId: string): Promise<void> {
  const call = await agentCall(context, context.db, userId)
  await callEvent(context, call.id, 'qms:notify', { ticketId: call.ticket_id })
}

async function roomAccount(context: ServerContext, userId: string) {
  const room = await agentRoom(context, context.db, userId)
  return {
    room,
    settings: await consoleSettings(context.db, room.kind === 'call' ? room.call.account_id : room.accountId),
  }
}

/** `beamport:open` (agent or customer): both sides get `beamport:create` if the feature is on. */
export async function openBeamport(
  context: ServerContext,
  roomId: string,
  accountId: string,
  { channel }: Beamport,
) {
  const settings = await consoleSettings(context.db, accountId)
  const enabled = channel === 'files' ? settings.fileShare.enabled : settings.capture.enabled
  if (!enabled) throw new ServerError(403, `${channel === 'files' ? 'File share' : 'Capture'} is not enabled`)
  context.io.to(rooms.room(roomId)).emit('beamport:create', { channel })
  context.customers.to(rooms.room(roomId)).emit('beamport:create', { channel })
}

/** `beamport:open` from an agent. */
export async function agentOpensBeamport(
  context: ServerContext,
  userId: string,
  beamport: Beamport,
): Promise<void> {
  const room = await agentRoom(context, context.db, userId)
  await openBeamport(context, room.id, room.kind === 'call' ? room.call.account_id : room.accountId, beamport)
}

/** `capture:shot`: asks the customer's page for a frame on the capture channel. */
export async function captureShot(context: ServerContext, userId: string): Promise<void> {
  const { room, settings } = await roomAccount(context, userId)
  if (!settings.capture.enabled) throw new ServerError(403, 'Capture is not enabled')
  if (room.kind === 'call') await callEvent(context, room.id, 'capture:shot', null)
  // The customer's page sends the capture to the agent who asked, on that agent's capture channel.
  context.customers.to(rooms.room(room.id)).emit('capture:shot', { from: agentPeerId(userId) })
}

/** `exchange:customer`: relayed as `exchange` to the customer (e.g. `recording:status`). */
export async function exchangeWithCustomer(
  context: ServerContext,
  userId: string,
  exchange: Exchange,
): Promise<void> {
  const room = await agentRoom(context, context.db, userId)
  context.customers.to(rooms.room(room.id)).emit('exchange', exchange)
}
