// Makes sure a Chromium is there for the browser and end-to-end suites: Debian's package, installed
// with apt when we run as root and none is found. Never a browser downloaded by a test tool.
import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return path
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium not found at ${path}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
  console.log('Installing Debian chromium…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  if (!existsSync(path)) throw new Error(`apt installed chromium but ${path} is missing`)
  return path
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
