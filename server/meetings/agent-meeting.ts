import { ERROR_MESSAGES } from '../../src/protocol'
import { ServerError } from '../errors'
import type { Queryable } from '../store/database'
import { lockAppointment, type AppointmentRow } from '../store/appointments'
import { lockAgentState } from '../store/agent-states'

/** The meeting the agent is in, locked; 409 otherwise. Shared by the meeting and its waiting room. */
export async function lockAgentMeeting(tx: Queryable, userId: string): Promise<AppointmentRow> {
  const state = await lockAgentState(tx, userId)
  const row = state?.appointment_id ? await lockAppointment(tx, state.appointment_id) : undefined
  if (!row) throw new ServerError(409, ERROR_MESSAGES.notInMeeting)
  return row
}
