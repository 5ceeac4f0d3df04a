import type { IceConfig, IceServer, IceTransportPolicy } from '../../src/protocol'
import type { ServerContext } from '../context'
import type { Queryable } from '../store/database'
import { mintTurnCredential } from './ice-credentials'

/**
 * The reply to `ice:servers`: the configured STUN URLs, the TURN URLs with a credential minted now for
 * `turnId`, and the transport policy of `accountId` (its `accounts.ice_transport_policy`, else the
 * server's `ICE_TRANSPORT_POLICY`). An account that asks for `relay` on a server without TURN gets
 * `relay` all the same: its calls do not connect (both sides are told), but no address leaks.
 *
 * @example
 * const config = await iceConfigFor(context, { turnId: userId, accountId })
 */
export async function iceConfigFor(
  context: ServerContext,
  who: { turnId: string; accountId: string | null },
): Promise<IceConfig> {
  const { ice } = context
  const iceServers: IceServer[] = []
  if (ice.stunUrls.length > 0) iceServers.push({ urls: [...ice.stunUrls] })
  let expiresAt: number | null = null
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const minted = mintTurnCredential(ice.turnSecret, who.turnId, context.clock.now(), ice.turnTtlSeconds)
    iceServers.push({ urls: [...ice.turnUrls], username: minted.username, credential: minted.credential })
    expiresAt = minted.expiresAt
  }
  const policy = who.accountId ? await accountIcePolicy(context.db, who.accountId) : null
  return { iceServers, iceTransportPolicy: policy ?? ice.iceTransportPolicy, expiresAt }
}

/** The account's own ICE transport policy, or null when it follows the server's default. */
export async function accountIcePolicy(db: Queryable, accountId: string): Promise<IceTransportPolicy | null> {
  const rows = await db.query<{ ice_transport_policy: IceTransportPolicy | null }>(
    'SELECT ice_transport_policy FROM accounts WHERE id = $1',
    [accountId],
  )
  return rows[0]?.ice_transport_policy ?? null
}

/**
 * The account a customer session is talking to: its live call's (queued, ringing or answered), else
 * the meeting it waits for or was let into; null when it has neither.
 */
export async function customerAccount(db: Queryable, sessionId: string): Promise<string | null> {
  const rows = await db.query<{ account_id: string }>(
    `(SELECT account_id, queued_at AS since FROM calls
       WHERE customer_session_id = $1 AND status IN ('queued', 'ringing', 'active'))
     UNION ALL
     (SELECT a.account_id, g.created_at AS since FROM meeting_guests g JOIN appointments a ON a.id = g.appointment_id
       WHERE g.session_id = $1 AND g.state IN ('waiting', 'accepted'))
     ORDER BY since DESC LIMIT 1`,
    [sessionId],
  )
  return rows[0]?.account_id ?? null
}
