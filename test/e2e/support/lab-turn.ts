// coturn in the lab's public namespace: STUN and TURN on UDP and TCP 3478, TURN over TLS on 443 with a
// self-signed certificate made here, credentials of the "TURN REST API" scheme (`use-auth-secret`).
import { spawn } from 'node:child_process'
import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pollFor, run } from './lab-exec'

/** A coturn of the lab. */
export interface LabTurn {
  /** Its shared secret (`static-auth-secret`): what the reference server's TURN_SECRET must be. */
  secret: string
  /** `stun:` URL. */
  stun: string
  /** `turn:` URLs over UDP and TCP (3478), and `turns:` over TLS (443). */
  urls: { udp: string; tcp: string; tls: string }
  /**
   * The base64 SHA-256 of its certificate's public key: Chromium checks a `turns:` server's certificate
   * as a web site's, so the lab's browsers trust this one key (`--ignore-certificate-errors-spki-list`).
   */
  spki: string
  /** Its log file (kept in test-results/ for a failure's reader). */
  logFile: string
  /** Everything it logged so far. */
  log(): string
  /** Stops it and waits until it is gone. */
  stop(): Promise<void>
}

/** How long coturn may take to open its listeners. */
const START_MS = 15_000

/** Where the lab's daemons log (test-results/ is kept by CI and `npm test`). */
export const LAB_LOGS = resolve('test-results', 'network-lab')

/**
 * coturn's configuration, as docs/deployment.md recommends one: REST-API credentials, a realm, no CLI,
 * private and special peer addresses denied (a relay must not reach the servers' own networks), but
 * for the lab's public subnet, where the relays themselves live.
 */
function configuration(options: {
  maxAllocateLifetime: number
  host: string
  secret: string
  cert: string
  key: string
  logFile: string
  dir: string
}): string {
  return `listening-ip=${options.host}
relay-ip=${options.host}
listening-port=3478
tls-listening-port=443
max-allocate-lifetime=${options.maxAllocateLifetime}
min-port=49152
max-port=49999
fingerprint
use-auth-secret
static-auth-secret=${options.secret}
realm=lab.test
cert=${options.cert}
pkey=${options.key}
no-cli
no-tlsv1
no-tlsv1_1
no-multicast-peers
denied-peer-ip=0.0.0.0-0.255.255.255
denied-peer-ip=10.0.0.0-10.255.255.255
denied-peer-ip=100.64.0.0-100.127.255.255
denied-peer-ip=127.0.0.0-127.255.255.255
denied-peer-ip=169.254.0.0-169.254.255.255
denied-peer-ip=172.16.0.0-172.31.255.255
denied-peer-ip=192.168.0.0-192.168.255.255
allowed-peer-ip=10.77.0.0-10.77.0.255
userdb=${join(options.dir, 'turndb')}
pidfile=${join(options.dir, 'turnserver.pid')}
log-file=${options.logFile}
simple-log
verbose
`
}

/** How coturn of the lab may differ from its defaults. */
export interface TurnOptions {
  /**
   * The longest allocation coturn grants, in seconds (its default: 3600). Short, browsers refresh their
   * allocations often, each refresh checked against the credential: an expired one is refused then.
   */
  maxAllocateLifetime?: number
}

/**
 * Starts coturn in namespace `ns` on `host`; resolves once its UDP, TCP and TLS listeners are open.
 * `name` names its log file.
 */
export async function startTurn(
  ns: string,
  host: string,
  name: string,
  options: TurnOptions = {},
): Promise<LabTurn> {
  const dir = mkdtempSync(join(tmpdir(), 'lab-turn-'))
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  // A certificate for the relay's address, signed by nobody a browser trusts.
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=turn.lab.test',
    '-addext',
    `subjectAltName=IP:${host}`,
  ])
  const spki = await publicKeyHash(cert)
  mkdirSync(LAB_LOGS, { recursive: true })
  const logFile = join(LAB_LOGS, `${name}-coturn.log`)
  rmSync(logFile, { force: true })
  const secret = randomBytes(24).toString('hex')
  const config = join(dir, 'turnserver.conf')
  writeFileSync(
    config,
    configuration({
      host,
      secret,
      cert,
      key,
      logFile,
      dir,
      maxAllocateLifetime: options.maxAllocateLifetime ?? 3600,
    }),
  )
  const child = spawn('ip', ['netns', 'exec', ns, 'turnserver', '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') + stderr
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(killer)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await pollFor(
      () => {
        if (child.exitCode !== null) throw new Error(`coturn exited with ${child.exitCode}:\n${log()}`)
        const text = log()
        // TCP and TLS share a listener (coturn tells them apart by their first bytes); the user
        // database is opened last, by the thread that checks credentials.
        return (
          text.includes(`DTLS/UDP listener opened on: ${host}:3478`) &&
          text.includes(`TLS/TCP listener opened on : ${host}:3478`) &&
          text.includes(`TLS/TCP listener opened on : ${host}:443`) &&
          text.includes('DB connection success')
        )
      },
      'coturn listening',
      START_MS,
    )
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${log()}`, { cause: error })
  }
  return {
    secret,
    spki,
    stun: `stun:${host}:3478`,
    urls: {
      udp: `turn:${host}:3478?transport=udp`,
      tcp: `turn:${host}:3478?transport=tcp`,
      tls: `turns:${host}:443?transport=tcp`,
    },
    logFile,
    log,
    stop,
  }
}

/** The base64 SHA-256 of a PEM certificate's SubjectPublicKeyInfo (what Chromium's SPKI list holds). */
async function publicKeyHash(cert: string): Promise<string> {
  const der = await run('sh', [
    '-c',
    'openssl x509 -in "$1" -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64',
    'spki',
    cert,
  ])
  return der.trim()
}

/**
 * TURN credentials of the REST-API scheme coturn checks with `use-auth-secret`: the username is
 * `<expiry in Unix seconds>:<id>`, the password the base64 HMAC-SHA1 of the username with the secret.
 */
export function turnCredentials(
  secret: string,
  ttlSeconds: number,
  id = 'lab',
  now = Date.now(),
): { username: string; credential: string } {
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${id}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}
