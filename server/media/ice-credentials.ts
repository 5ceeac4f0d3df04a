import { createHash, createHmac } from 'node:crypto'

/** A TURN credential of the coturn REST scheme, and when coturn stops accepting it. */
export interface TurnCredential {
  /** `<expiry, unix seconds>:<id>`: coturn reads the expiry from it. */
  username: string
  /** base64 of HMAC-SHA1(secret, username): coturn computes the same with its `static-auth-secret`. */
  credential: string
  /** The expiry in epoch milliseconds (what `IceConfig.expiresAt` says). */
  expiresAt: number
}

/**
 * Mints a TURN credential the way coturn's `use-auth-secret` checks it (the "TURN REST API" of
 * draft-uberti-behave-turn-rest): the username is the expiry in unix seconds, a colon and an opaque id;
 * the password is the base64 HMAC-SHA1 of the username with the shared secret. No call to coturn is
 * needed, and a credential stops working at its expiry whatever happens to the session.
 *
 * @param id who it is for: an agent's user id, a customer's pseudonym (`customerTurnId`); never a
 *   name or an email (coturn logs usernames). Must not contain a colon.
 * @example
 * mintTurnCredential('s3cret', 'agent-id', Date.now(), 3600)
 * // { username: '1718000000:agent-id', credential: 'mN1…=', expiresAt: 1718000000000 }
 */
export function mintTurnCredential(
  secret: string,
  id: string,
  nowMs: number,
  ttlSeconds: number,
): TurnCredential {
  if (id.includes(':')) throw new Error('a TURN user id holds no colon (coturn splits the username there)')
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds
  const username = `${expiry}:${id}`
  const credential = createHmac('sha1', secret).update(username).digest('base64')
  return { username, credential, expiresAt: expiry * 1000 }
}

/**
 * The TURN id of a customer session: a pseudonym, not the session id itself (the session id lets its
 * holder take the customer's call back, and a TURN username travels in clear and sits in coturn's logs).
 * Stable for the session, so a relay's sessions of one customer can be told apart from others'.
 */
export function customerTurnId(sessionId: string): string {
  return `customer-${createHash('sha256').update(`turn:${sessionId}`).digest('hex').slice(0, 20)}`
}
