import type { ServerContext } from '../context'

/** A guest token outlives the meeting's end by this much (a late reconnect still gets back in). */
const AFTER_END_SECONDS = 60 * 60

/**
 * Signs the token of a guest let into a meeting: who (`guestId`), where (`appointmentId`), until the
 * meeting's end and an hour. The customer keeps it and shows it again when their socket reconnects;
 * the session id alone does not bring anyone back into a meeting.
 *
 * @example
 * const guestToken = await signGuestToken(context, guestId, appointmentId, row.end_at.getTime())
 */
export function signGuestToken(
  context: ServerContext,
  guestId: string,
  appointmentId: string,
  endsAt: number,
): Promise<string> {
  const ttl = Math.max(60, Math.round((endsAt - context.clock.now()) / 1000) + AFTER_END_SECONDS)
  return context.tokens.sign('guest', guestId, { apt: appointmentId }, ttl)
}

/** Whether `token` is this server's guest token for this guest of this meeting, and not expired. */
export async function guestTokenValid(
  context: ServerContext,
  token: string | undefined,
  guestId: string,
  appointmentId: string,
): Promise<boolean> {
  if (!token) return false
  const payload = await context.tokens.verify(token, 'guest')
  return payload?.aud === guestId && payload.apt === appointmentId
}
