// Running the lab's system commands (ip, nft, conntrack) with bounded time, and polling what other
// processes do in their own time. Every command names its network namespace explicitly: nothing here
// ever acts on the host's own interfaces or rules.
import { execFile } from 'node:child_process'

/** How long one system command of the lab may take. */
const COMMAND_MS = 20_000

/**
 * Runs a command and resolves with its standard output; rejects with its standard error. `input` is
 * written to its standard input (an nftables ruleset for `nft -f -`).
 */
export function run(command: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { timeout: COMMAND_MS }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')}: ${stderr || error.message}`))
      else resolve(stdout)
    })
    if (input !== undefined) child.stdin?.end(input)
  })
}

/** Runs a command inside the network namespace `ns` (`ip netns exec`). */
export function runIn(ns: string, command: string, args: string[], input?: string): Promise<string> {
  return run('ip', ['netns', 'exec', ns, command, ...args], input)
}

/**
 * Polls `check` until it returns a value other than `undefined`/`false`, for what another process does
 * in its own time (a daemon's log line, a browser's ICE state); fails after `timeoutMs`.
 */
export async function pollFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
