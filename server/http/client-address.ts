import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { TrustProxy } from '../config'

/** Decides whether the proxy at `address`, `hop` steps from this server, is trusted to report the client. */
export type TrustFunction = (address: string, hop: number) => boolean

/**
 * The trust rule of `TRUST_PROXY`: nobody (the default: `X-Forwarded-For` is ignored), the first `n` hops
 * (a load balancer chain of known length), or proxies at these addresses.
 *
 * @example
 * Fastify({ trustProxy: trustFunction(config.trustProxy) })
 */
export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false
  if (typeof trust === 'number') return (_address, hop) => hop < trust
  return proxyAddr.compile(trust)
}

/**
 * The client's address of a raw request (the socket.io handshake), by the same rule as Fastify's
 * `request.ip`: the socket's peer unless it is a trusted proxy, then what that proxy reports.
 *
 * @example
 * const ip = clientAddress(socket.request, trust)
 */
export function clientAddress(request: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(request, trust)
}
