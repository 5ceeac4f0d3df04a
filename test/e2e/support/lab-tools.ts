// What the network lab needs from the machine: root (network namespaces and nftables), and Debian's
// iproute2, nftables, conntrack, coturn and openssl, installed by the test when missing (as the
// PostgreSQL suite installs postgresql).
import { execFileSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Each command the lab runs, and the Debian package that brings it. */
const TOOLS: Record<string, string> = {
  ip: 'iproute2',
  nft: 'nftables',
  conntrack: 'conntrack',
  turnserver: 'coturn',
  openssl: 'openssl',
}

/** The sbin folders too: a non-login root shell may lack them in PATH, where nft and conntrack live. */
const SEARCHED = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/bin']

/** The full path of an executable `command`, or null when none is installed. */
export function which(command: string): string | null {
  for (const folder of SEARCHED) {
    if (!folder) continue
    try {
      accessSync(join(folder, command), constants.X_OK)
      return join(folder, command)
    } catch {
      // Not in this folder: the next one.
    }
  }
  return null
}

/**
 * Why the lab cannot run on this machine (a sentence for the skipped test), or null when it can: it
 * needs Linux and root. A developer's machine without root skips the lab; CI runs it as root.
 */
export function labSkipReason(): string | null {
  if (process.platform !== 'linux') return 'the network lab needs Linux network namespaces'
  if (process.getuid?.() !== 0)
    return 'the network lab needs root (ip netns, veth pairs, nftables); CI runs it as root'
  return null
}

/** The lab's commands by name, full paths; installs the missing packages with apt-get first. */
export function ensureLabTools(): Record<keyof typeof TOOLS, string> {
  const missing = Object.keys(TOOLS).filter((command) => !which(command))
  if (missing.length > 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const packages = [...new Set(missing.map((command) => TOOLS[command] as string))]
    execFileSync('apt-get', ['update'], { stdio: 'ignore', env, timeout: 300_000 })
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
      stdio: 'ignore',
      env,
      timeout: 600_000,
    })
  }
  const found: Record<string, string> = {}
  for (const command of Object.keys(TOOLS)) {
    const path = which(command)
    if (!path) throw new Error(`apt-get installed ${TOOLS[command]}, but there is no ${command}`)
    found[command] = path
  }
  return found
}
