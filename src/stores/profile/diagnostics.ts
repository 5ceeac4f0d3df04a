import { atom } from 'nanostores'
import { CONSOLE_VERSION } from '../../services/build-info'
import { clock, type TimerId } from '../../services/clock'
import { assembleDiagnostics, diagnosticsFileName, type ClientHints } from '../../services/diagnostics'
import { saveFile } from '../../services/download'
import { mediaDeviceKinds } from '../../services/media'
import { $config } from '../app/config'
import { $link } from '../session/link-state'
import { $recentProtocolErrors } from '../session/protocol-errors'
import { $userId } from '../session/session'
import { $disconnectionLog } from '../status/agent'
import { $networkSamples } from '../status/network-quality'
import { alertAgent } from './notifications'

/** The bundle is being made (the button shows it and does not start a second one). */
export const $diagnosticsBusy = atom(false)

/** The longest wait for the server's version: the bundle is for when things go wrong. */
const SERVER_VERSION_WAIT_MS = 3_000

/**
 * What the server's `/version.txt` says (beside the API's origin, as the update check reads it), or
 * null when it does not answer in time. Not through services/app-version: that module sits in the
 * `<agent-console>` entry's chunk, and a lazy chunk importing from it makes the npm build's entry a
 * facade (its side-effect-only import check refuses that).
 */
async function serverVersion(): Promise<string | null> {
  let timer: TimerId | undefined
  const late = new Promise<null>((resolve) => {
    timer = clock.setTimeout(() => resolve(null), SERVER_VERSION_WAIT_MS)
  })
  try {
    const url = new URL('/version.txt', new URL($config.get().apiUrl || '/', location.href))
    const asked = fetch(url, { cache: 'no-cache', headers: { accept: 'text/plain' } }).then(
      async (response) => (response.ok ? (await response.text()).trim() : null),
    )
    return await Promise.race([asked, late])
  } catch {
    return null
  } finally {
    clock.clearTimeout(timer)
  }
}

/** The client hints a browser gives without a prompt (brands, mobile, platform). */
function clientHints(): ClientHints | undefined {
  return (navigator as Navigator & { userAgentData?: ClientHints }).userAgentData
}

async function devices(): Promise<{ kind: string; label: string }[] | null> {
  try {
    return await mediaDeviceKinds()
  } catch {
    return null
  }
}

/**
 * Makes the diagnostic bundle from what the console holds and hands it to the browser to save as a
 * JSON file for support. Resolves false (and tells the agent) when it could not be made.
 *
 * @example
 * await downloadDiagnostics()
 */
export async function downloadDiagnostics(): Promise<boolean> {
  if ($diagnosticsBusy.get()) return false
  $diagnosticsBusy.set(true)
  try {
    const [server, deviceList] = await Promise.all([serverVersion(), devices()])
    const now = clock.now()
    const bundle = assembleDiagnostics({
      now,
      consoleVersion: CONSOLE_VERSION,
      serverVersion: server,
      userAgent: navigator.userAgent,
      clientHints: clientHints(),
      language: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
      online: navigator.onLine,
      link: $link.get(),
      agentId: $userId.get(),
      devices: deviceList,
      disconnections: $disconnectionLog.get(),
      protocolErrors: $recentProtocolErrors.get(),
      networkSamples: $networkSamples.get(),
    })
    const json = JSON.stringify(bundle, null, 2)
    saveFile(diagnosticsFileName(now), new Blob([json], { type: 'application/json' }))
    alertAgent({ variant: 'success', messageId: 'profile.diagnostics.saved', key: 'diagnostics' })
    return true
  } catch (error) {
    console.warn('[agent-console] diagnostic bundle failed', error)
    alertAgent({ variant: 'danger', messageId: 'profile.diagnostics.failed', key: 'diagnostics' })
    return false
  } finally {
    $diagnosticsBusy.set(false)
  }
}
