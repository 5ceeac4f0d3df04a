import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createSocket, type Socket } from 'node:dgram'

/**
 * A minimal TURN client (RFC 5766 over UDP): one Allocate with long-term credentials, as a browser
 * makes it with an `RTCIceServer`'s username and credential, to learn whether a TURN server accepts
 * a credential. Enough to test minting against a real coturn; not a TURN client for anything else.
 */

const MAGIC_COOKIE = 0x2112a442
const ALLOCATE_REQUEST = 0x0003
const ALLOCATE_SUCCESS = 0x0103
const ATTRIBUTE = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  requestedTransport: 0x0019,
} as const

/** What the server answered an Allocate: success, or its error code (401 unauthorized, 438 stale nonce…). */
export type AllocateResult = { ok: true } | { ok: false; code: number }

function attribute(type: number, value: Buffer): Buffer {
  const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4)
  padded.writeUInt16BE(type, 0)
  padded.writeUInt16BE(value.length, 2)
  value.copy(padded, 4)
  return padded
}

function message(type: number, transaction: Buffer, attributes: Buffer[]): Buffer {
  const body = Buffer.concat(attributes)
  const header = Buffer.alloc(20)
  header.writeUInt16BE(type, 0)
  header.writeUInt16BE(body.length, 2)
  header.writeUInt32BE(MAGIC_COOKIE, 4)
  transaction.copy(header, 8)
  return Buffer.concat([header, body])
}

/** MESSAGE-INTEGRITY appended: HMAC-SHA1 over the message whose length already counts it (RFC 5389 §15.4). */
function withIntegrity(unsigned: Buffer, key: Buffer): Buffer {
  const counted = Buffer.from(unsigned)
  counted.writeUInt16BE(unsigned.length - 20 + 24, 2)
  const mac = createHmac('sha1', key).update(counted).digest()
  return Buffer.concat([counted, attribute(ATTRIBUTE.messageIntegrity, mac)])
}

function attributesOf(response: Buffer): Map<number, Buffer> {
  const found = new Map<number, Buffer>()
  let offset = 20
  while (offset + 4 <= response.length) {
    const type = response.readUInt16BE(offset)
    const length = response.readUInt16BE(offset + 2)
    found.set(type, response.subarray(offset + 4, offset + 4 + length))
    offset += 4 + Math.ceil(length / 4) * 4
  }
  return found
}

/** Sends `request` on `socket` and resolves with the response of its transaction (sent again every 250 ms). */
function exchange(socket: Socket, port: number, request: Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const send = () => socket.send(request, port, '127.0.0.1')
    const resend = setInterval(send, 250)
    const timer = setTimeout(() => {
      socket.off('message', take)
      clearInterval(resend)
      reject(new Error(`no TURN answer on 127.0.0.1:${port}`))
    }, timeoutMs)
    const take = (response: Buffer) => {
      if (response.length < 20 || !response.subarray(8, 20).equals(request.subarray(8, 20))) return
      socket.off('message', take)
      clearInterval(resend)
      clearTimeout(timer)
      resolve(response)
    }
    socket.on('message', take)
    send()
  })
}

function resultOf(response: Buffer): AllocateResult {
  if (response.readUInt16BE(0) === ALLOCATE_SUCCESS) return { ok: true }
  const error = attributesOf(response).get(ATTRIBUTE.errorCode)
  return { ok: false, code: error ? (error[2]! & 7) * 100 + error[3]! : 0 }
}

/**
 * Asks the TURN server on 127.0.0.1:`port` (UDP) for a relay with `username` and `password`: a first
 * Allocate learns the realm and nonce from the 401, a second one from the same address (the nonce is
 * bound to it) signs with the long-term key MD5(username:realm:password), as browsers do.
 *
 * @example
 * assert.deepEqual(await allocate(3478, minted.username, minted.credential), { ok: true })
 */
export async function allocate(
  port: number,
  username: string,
  password: string,
  timeoutMs = 5_000,
): Promise<AllocateResult> {
  const socket = createSocket('udp4')
  try {
    return await signedAllocate(socket, port, username, password, timeoutMs)
  } finally {
    socket.close()
  }
}

async function signedAllocate(
  socket: Socket,
  port: number,
  username: string,
  password: string,
  timeoutMs: number,
): Promise<AllocateResult> {
  const udp = attribute(ATTRIBUTE.requestedTransport, Buffer.from([17, 0, 0, 0]))
  const challenge = await exchange(socket, port, message(ALLOCATE_REQUEST, randomBytes(12), [udp]), timeoutMs)
  const first = resultOf(challenge)
  if (first.ok || first.code !== 401) return first
  const given = attributesOf(challenge)
  const realm = given.get(ATTRIBUTE.realm)
  const nonce = given.get(ATTRIBUTE.nonce)
  if (!realm || !nonce) throw new Error('the 401 carried no realm or nonce')
  const key = createHash('md5').update(`${username}:${realm.toString()}:${password}`).digest()
  const signed = withIntegrity(
    message(ALLOCATE_REQUEST, randomBytes(12), [
      udp,
      attribute(ATTRIBUTE.username, Buffer.from(username)),
      attribute(ATTRIBUTE.realm, realm),
      attribute(ATTRIBUTE.nonce, nonce),
    ]),
    key,
  )
  return resultOf(await exchange(socket, port, signed, timeoutMs))
}
