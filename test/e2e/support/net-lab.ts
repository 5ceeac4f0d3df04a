// The network lab of the media tests: an agent and a customer each behind a symmetric NAT of its own,
// the reference server and coturn on the "public" side between them (lab-network.ts draws it). Built
// from network namespaces this process creates, and removed when the test ends, whatever happens:
// on close, on the process's exit, on SIGINT and SIGTERM.
import type { Browser } from 'playwright-core'
import { launchBrowserIn } from './lab-browser'
import {
  createNetwork,
  PUBLIC_HOST,
  removeNamespaces,
  removeStaleLabs,
  type LabHost,
  type LabNetwork,
} from './lab-network'
import { LAB_SERVER_PORT, labFetch, startServerIn } from './lab-server'
import { ensureLabTools } from './lab-tools'
import { startTurn, turnCredentials, type LabTurn, type TurnOptions } from './lab-turn'
import type { RunningServer } from './server'

export { labSkipReason } from './lab-tools'
export { turnCredentials } from './lab-turn'
export type { Egress, LabHost, LabRouter } from './lab-network'

/** Which ICE servers a browser of the lab is given by hand. */
export type IceChoice = 'none' | 'stun' | 'turn' | 'turn-tcp' | 'turns'

/** A running lab. */
export interface Lab {
  /** Its network (routers, egress filters, NAT rebinding). */
  network: LabNetwork
  /** The agent's machine, behind router A. */
  agent: LabHost
  /** The customer's machine, behind router B. */
  customer: LabHost
  /** Where the reference server listens once started: http://10.77.0.1:8000. */
  serverUrl: string
  /** coturn, started with the lab. */
  turn: LabTurn
  /** Adds a machine behind router A or B (e.g. a second one on the agent's network). */
  addHost(router: 'a' | 'b', name: string): Promise<LabHost>
  /** Starts the reference server in the public namespace (`env`: TIMERS, DIST_DIR, TURN_URLS…). */
  startServer(env?: Record<string, string>): Promise<RunningServer>
  /** GETs a JSON document of the server, from the public namespace. */
  fetchJson<T>(path: string): Promise<T>
  /**
   * A Chromium in a host's namespace, the lab's server origin treated as secure, coturn's certificate
   * trusted (as a real one signed by a known authority would be); closed with the lab.
   */
  browser(host: LabHost, extraArgs?: string[]): Promise<Browser>
  /** ICE servers a page may be given by hand, with TURN credentials valid `ttlSeconds`. */
  iceServers(choice: IceChoice, ttlSeconds?: number): RTCIceServer[]
  /**
   * The environment that makes the reference server hand out this lab's STUN and TURN servers: TURN over
   * the `transports` given (all three by default), credentials valid `ttlSeconds`.
   */
  serverIceEnv(ttlSeconds?: number, transports?: TurnTransport[]): Record<string, string>
  /** Closes the browsers, stops the server and coturn, deletes every namespace. */
  close(): Promise<void>
}

/** How a browser reaches coturn: TURN over UDP, TCP, or TLS on 443. */
export type TurnTransport = 'udp' | 'tcp' | 'tls'

/** Namespaces of labs still open in this process: removed on exit and on SIGINT/SIGTERM too. */
const open = new Set<string>()
/** Labs started by this process so far. */
let labs = 0
let hooked = false

/** Removes the open labs' namespaces when the process ends in any way short of SIGKILL. */
function hookExit(): void {
  if (hooked) return
  hooked = true
  process.once('exit', () => removeNamespaces([...open]))
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => {
      removeNamespaces([...open])
      process.exit(code)
    })
}

/**
 * Builds the lab (installing its Debian packages first when missing), starts coturn, and adds the
 * agent's and the customer's machines. Call as root only (`labSkipReason()` says when not). `name`
 * names its logs; `options.turn` changes coturn's defaults.
 *
 * @example
 * const lab = await startLab('ice')
 * const server = await lab.startServer({ DIST_DIR: await distSnapshot(), ...lab.serverIceEnv() })
 * const agent = await (await lab.browser(lab.agent)).newPage()
 * await lab.close()
 */
export async function startLab(name: string, options: { turn?: TurnOptions } = {}): Promise<Lab> {
  ensureLabTools()
  hookExit()
  removeStaleLabs()
  // Named by the process and a count: a second lab of the process never meets the first's names.
  const network = await createNetwork(`acl${process.pid}-${++labs}`)
  const track = () => network.namespaces().forEach((ns) => open.add(ns))
  track()
  const browsers: Browser[] = []
  let server: RunningServer | undefined
  let turn: LabTurn | undefined
  const close = async () => {
    const names = network.namespaces()
    try {
      await Promise.allSettled(browsers.splice(0).map((browser) => browser.close()))
      await server?.stop()
      await turn?.stop()
    } finally {
      // Whatever would not stop is killed with its namespace.
      await network.destroy()
      names.forEach((ns) => open.delete(ns))
    }
  }
  try {
    const agent = await network.addHost(network.routers.a, 'agent')
    const customer = await network.addHost(network.routers.b, 'customer')
    track()
    turn = await startTurn(network.pub, PUBLIC_HOST, name, options.turn)
    const started = turn
    const serverUrl = `http://${PUBLIC_HOST}:${LAB_SERVER_PORT}`
    return {
      network,
      agent,
      customer,
      serverUrl,
      turn: started,
      async addHost(router, hostName) {
        const host = await network.addHost(network.routers[router], hostName)
        track()
        return host
      },
      async startServer(env = {}) {
        await server?.stop()
        server = await startServerIn(network.pub, PUBLIC_HOST, env)
        return server
      },
      fetchJson: (path) => labFetch(network.pub, `${serverUrl}${path}`),
      async browser(host, extraArgs = []) {
        const browser = await launchBrowserIn(
          host.ns,
          [serverUrl],
          [`--ignore-certificate-errors-spki-list=${started.spki}`, ...extraArgs],
        )
        browsers.push(browser)
        return browser
      },
      iceServers(choice, ttlSeconds = 600) {
        if (choice === 'none') return []
        if (choice === 'stun') return [{ urls: started.stun }]
        const urls = { turn: [started.urls.udp], 'turn-tcp': [started.urls.tcp], turns: [started.urls.tls] }[
          choice
        ]
        return [{ urls, ...turnCredentials(started.secret, ttlSeconds) }]
      },
      serverIceEnv(ttlSeconds = 600, transports: TurnTransport[] = ['udp', 'tcp', 'tls']) {
        return {
          STUN_URLS: started.stun,
          TURN_URLS: transports.map((transport) => started.urls[transport]).join(','),
          TURN_SECRET: started.secret,
          TURN_TTL: String(ttlSeconds),
        }
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
