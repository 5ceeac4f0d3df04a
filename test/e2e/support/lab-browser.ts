// Debian's Chromium inside one of the lab's network namespaces: Playwright launches a wrapper script
// that enters the namespace (`ip netns exec`, which keeps Playwright's pipes) and runs Chromium there.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs'

/**
 * Launches Chromium in network namespace `ns`, with the suites' usual flags and `extraArgs`.
 * `secureOrigins` are plain-HTTP origins the browser treats as secure (the lab's server has no TLS, and
 * a camera needs a secure context).
 */
export async function launchBrowserIn(
  ns: string,
  secureOrigins: string[] = [],
  extraArgs: string[] = [],
): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'lab-chromium-'))
  const wrapper = join(dir, 'chromium')
  // `exec`: the wrapper becomes the namespace's Chromium, so Playwright's kill reaches Chromium itself.
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec '${ns}' '${chromiumPath()}' "$@"\n`)
  chmodSync(wrapper, 0o755)
  try {
    const browser = await chromium.launch({
      executablePath: wrapper,
      args: [
        ...CHROMIUM_ARGS,
        ...(secureOrigins.length
          ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`]
          : []),
        ...extraArgs,
      ],
      timeout: 60_000,
    })
    browser.once('disconnected', () => rmSync(dir, { recursive: true, force: true }))
    return browser
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
