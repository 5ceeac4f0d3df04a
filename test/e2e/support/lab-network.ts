// The lab's network: namespaces, veth pairs, bridges and nftables NAT, all inside namespaces this
// process creates (named `acl<pid>-…`), none of it on the host's own interfaces or rules.
//
//   PUB (the internet): bridge br0 10.77.0.1/24, where the reference server and coturn listen
//    ├── router A: wan 10.77.0.2 — NAT — LAN bridge 192.168.77.1/24 ── hosts 192.168.77.2, .3…
//    └── router B: wan 10.77.0.3 — NAT — LAN bridge 192.168.78.1/24 ── hosts 192.168.78.2, .3…
//
// Both routers are address-and-port-dependent NATs (symmetric): `masquerade fully-random` gives every
// flow (every remote address and port) a new random public port, and the forward chain lets in only
// replies to what went out. A STUN server's view of a host's address is of no use to a peer, so two
// hosts behind different routers connect through a TURN relay or not at all.
import { execFileSync } from 'node:child_process'
import { run, runIn } from './lab-exec'

/** The public side's subnet (only inside the lab's namespaces: it may clash with nothing). */
export const PUBLIC_HOST = '10.77.0.1'

/** A router of the lab: its namespace, public address and LAN. */
export interface LabRouter {
  /** Its network namespace. */
  ns: string
  /** Its address on the public side (what the servers see of its hosts). */
  wan: string
  /** Its own LAN address (its hosts' gateway), e.g. 192.168.77.1. */
  gateway: string
}

/** A machine behind a router: a namespace of its own with one interface, eth0. */
export interface LabHost {
  /** Its network namespace (run a browser in it). */
  ns: string
  /** Its current LAN address. */
  address: string
  /** The router it sits behind. */
  router: LabRouter
}

/** What a router lets out of its LAN: everything, no UDP at all, or TCP to these ports only. */
export type Egress = 'open' | 'no-udp' | { tcpPorts: readonly number[] }

/** The lab's network, built by `createNetwork`. */
export interface LabNetwork {
  /** The public namespace (servers run there, on PUBLIC_HOST). */
  pub: string
  /** Router A (the agent's side) and router B (the customer's side). */
  routers: { a: LabRouter; b: LabRouter }
  /** Adds a machine behind a router (its own namespace, the next free LAN address). */
  addHost(router: LabRouter, name: string): Promise<LabHost>
  /** Sets what a router lets out (a corporate firewall); replaces what was set before. */
  setEgress(router: LabRouter, egress: Egress): Promise<void>
  /**
   * NAT rebinding: the router forgets its UDP mappings (as a real NAT's UDP ones expire long before its
   * TCP ones), so every UDP flow gets a new public port; TCP connections (the signalling) live on.
   */
  rebind(router: LabRouter): Promise<void>
  /** Gives a host a new LAN address (as a laptop that joins another network): its flows all break. */
  moveHost(host: LabHost): Promise<string>
  /** Every namespace of the lab, for cleaning up. */
  namespaces(): string[]
  /** Kills whatever runs in the lab's namespaces and deletes them (their interfaces and rules go too). */
  destroy(): Promise<void>
}

/**
 * The NAT and the stateful filter of a router (an nftables ruleset, inside its namespace only). Where
 * the kernel has br_netfilter (Docker loads it), frames between two machines of one LAN pass the
 * forward hook too, as lan → lan: they are let through, as a home router's switch does.
 */
const ROUTER_RULES = `
table ip lab {
  chain postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "wan" masquerade fully-random
  }
  chain forward {
    type filter hook forward priority filter; policy drop;
    ct state established,related accept
    iifname "lan" oifname "wan" accept
    iifname "lan" oifname "lan" accept
  }
}
`

/** Builds the lab's network (see the top of this file); `prefix` names its namespaces. */
export async function createNetwork(prefix: string): Promise<LabNetwork> {
  const pub = `${prefix}-pub`
  const created: string[] = []
  const namespace = async (name: string) => {
    await run('ip', ['netns', 'add', name])
    created.push(name)
    // IPv4 only: the topology above is the whole network (no IPv6 link-local path around the NATs).
    await runIn(name, 'sysctl', [
      '-qw',
      'net.ipv6.conf.all.disable_ipv6=1',
      'net.ipv6.conf.default.disable_ipv6=1',
    ])
    await run('ip', ['-n', name, 'link', 'set', 'lo', 'up'])
  }
  const hostCount = new Map<string, number>()
  const network: LabNetwork = {
    pub,
    routers: undefined as unknown as LabNetwork['routers'],
    async addHost(router, name) {
      const index = (hostCount.get(router.ns) ?? 1) + 1
      hostCount.set(router.ns, index)
      const ns = `${prefix}-${name}`
      await namespace(ns)
      // The veth is created with each end in its namespace: nothing appears in the host's.
      await run('ip', [
        '-n',
        router.ns,
        'link',
        'add',
        `h${index}`,
        'type',
        'veth',
        'peer',
        'name',
        'eth0',
        'netns',
        ns,
      ])
      await run('ip', ['-n', router.ns, 'link', 'set', `h${index}`, 'master', 'lan', 'up'])
      const address = lanAddress(router, index)
      await run('ip', ['-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0'])
      await run('ip', ['-n', ns, 'link', 'set', 'eth0', 'up'])
      await run('ip', ['-n', ns, 'route', 'add', 'default', 'via', router.gateway])
      return { ns, address, router }
    },
    async setEgress(router, egress) {
      await runIn(router.ns, 'nft', ['-f', '-'], egressRules(egress))
    },
    async rebind(router) {
      // `conntrack -D` exits 1 when there was nothing to delete (no UDP flow, nothing to rebind), and when
      // a flow it listed ended before its turn came ("such conntrack doesn't exist", seen once in a full lab
      // run): that flow is gone, and the next pass deletes whatever the first one left.
      for (let pass = 1; ; pass++) {
        const outcome = await runIn(router.ns, 'conntrack', ['-D', '-p', 'udp']).then(
          () => 'deleted',
          (error: Error) => {
            if (/0 flow entries/.test(error.message)) return 'none left'
            if (pass < 3 && /such conntrack doesn't exist/.test(error.message)) return 'raced'
            throw error
          },
        )
        if (outcome !== 'raced') return
      }
    },
    async moveHost(host) {
      const index = (hostCount.get(host.router.ns) ?? 1) + 1
      hostCount.set(host.router.ns, index)
      const address = lanAddress(host.router, index)
      await run('ip', ['-n', host.ns, 'addr', 'flush', 'dev', 'eth0'])
      await run('ip', ['-n', host.ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0'])
      await run('ip', ['-n', host.ns, 'route', 'replace', 'default', 'via', host.router.gateway])
      host.address = address
      return address
    },
    namespaces: () => [...created],
    async destroy() {
      removeNamespaces(created.splice(0))
    },
  }
  try {
    await namespace(pub)
    await run('ip', ['-n', pub, 'link', 'add', 'br0', 'type', 'bridge'])
    await run('ip', ['-n', pub, 'addr', 'add', `${PUBLIC_HOST}/24`, 'dev', 'br0'])
    await run('ip', ['-n', pub, 'link', 'set', 'br0', 'up'])
    const router = async (name: string, octet: number, lan: number): Promise<LabRouter> => {
      const ns = `${prefix}-${name}`
      await namespace(ns)
      await run('ip', ['-n', pub, 'link', 'add', name, 'type', 'veth', 'peer', 'name', 'wan', 'netns', ns])
      await run('ip', ['-n', pub, 'link', 'set', name, 'master', 'br0', 'up'])
      const wan = `10.77.0.${octet}`
      await run('ip', ['-n', ns, 'addr', 'add', `${wan}/24`, 'dev', 'wan'])
      await run('ip', ['-n', ns, 'link', 'set', 'wan', 'up'])
      await run('ip', ['-n', ns, 'link', 'add', 'lan', 'type', 'bridge'])
      const gateway = `192.168.${lan}.1`
      await run('ip', ['-n', ns, 'addr', 'add', `${gateway}/24`, 'dev', 'lan'])
      await run('ip', ['-n', ns, 'link', 'set', 'lan', 'up'])
      await runIn(ns, 'sysctl', ['-qw', 'net.ipv4.ip_forward=1'])
      await runIn(ns, 'nft', ['-f', '-'], ROUTER_RULES)
      return { ns, wan, gateway }
    }
    network.routers = { a: await router('nata', 2, 77), b: await router('natb', 3, 78) }
    return network
  } catch (error) {
    removeNamespaces(created)
    throw error
  }
}

/** The `index`th address of a router's LAN (the router itself is 1). */
function lanAddress(router: LabRouter, index: number): string {
  return router.gateway.replace(/\.1$/, `.${index}`)
}

/**
 * A router's egress filter, in a table of its own that replaces the previous one: its forward chain
 * runs before the NAT's filter (priority -10), and a drop there is final.
 */
function egressRules(egress: Egress): string {
  const rules =
    egress === 'open'
      ? ''
      : egress === 'no-udp'
        ? 'iifname "lan" oifname "wan" meta l4proto udp drop'
        : `iifname "lan" oifname "wan" tcp dport { ${egress.tcpPorts.join(', ')} } accept\n    iifname "lan" oifname "wan" drop`
  // `add` then `delete` then the new table: one transaction, whether or not it existed before.
  return `add table ip egress
delete table ip egress
table ip egress {
  chain forward {
    type filter hook forward priority -10; policy accept;
    ${rules}
  }
}
`
}

/**
 * Kills every process in the namespaces (they are the lab's: its servers and browsers) and deletes
 * them; synchronous, so that it also runs from an `exit` handler. A namespace deleted takes its
 * interfaces and nftables rules with it.
 */
export function removeNamespaces(names: string[]): void {
  for (const name of names) {
    try {
      const pids = execFileSync('ip', ['netns', 'pids', name], { timeout: 10_000 }).toString()
      for (const pid of pids.split(/\s+/).filter(Boolean)) {
        try {
          process.kill(Number(pid), 'SIGKILL')
        } catch {
          // Gone meanwhile.
        }
      }
    } catch {
      // No such namespace (never created, or deleted already).
    }
    try {
      execFileSync('ip', ['netns', 'delete', name], { stdio: 'ignore', timeout: 10_000 })
    } catch {
      // Already gone.
    }
  }
}

/**
 * Deletes the namespaces a lab of an earlier run left behind when its process was killed outright
 * (`acl<pid>-…` whose process no longer exists): a fresh run starts from a clean machine.
 */
export function removeStaleLabs(): void {
  let listed: string
  try {
    listed = execFileSync('ip', ['netns', 'list'], { timeout: 10_000 }).toString()
  } catch {
    return
  }
  const stale = listed
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => {
      const owner = /^acl(\d+)-/.exec(name)?.[1]
      return owner !== undefined && Number(owner) !== process.pid && !alive(Number(owner))
    })
  removeNamespaces(stale)
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
