import type { AppCommand, AppReport } from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { consoleSettings } from '../store/accounts'
import { rooms } from '../realtime/io-types'
import { agentRoom } from './current-room'

/**
 * The `apps:message` relay (SPEC §7): commands from an agent go to the app on the customer's side of
 * the call, reports from the app go to the agents of the call. Both already passed their schema (a
 * command only one way, a report only the other); here the app must be one of the account's
 * `settings.apps`, and nothing leaves the call's room.
 */

/** Refuses an app the account does not have: 403 when it has none, 404 when the name is unknown. */
async function checkApp(context: ServerContext, accountId: string, name: string): Promise<void> {
  const { apps } = await consoleSettings(context.db, accountId)
  if (apps.length === 0) throw new ServerError(403, 'Custom apps are not enabled')
  if (!apps.some((app) => app.name === name)) throw new ServerError(404, 'Unknown app')
}

/** `apps:message` from an agent: relayed to the customer (the app) of the agent's call or meeting. */
export async function relayCommandToApp(
  context: ServerContext,
  userId: string,
  command: AppCommand,
): Promise<void> {
  const room = await agentRoom(context, context.db, userId)
  await checkApp(context, room.kind === 'call' ? room.call.account_id : room.accountId, command.name)
  context.customers.to(rooms.room(room.id)).emit('apps:message', command)
}

/** `apps:message` from the customer's side (the app): relayed to the agents of that call or meeting. */
export async function relayReportToAgents(
  context: ServerContext,
  where: { roomId: string; accountId: string },
  report: AppReport,
): Promise<void> {
  await checkApp(context, where.accountId, report.name)
  context.io.to(rooms.room(where.roomId)).emit('apps:message', report)
}
