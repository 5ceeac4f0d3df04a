import { atom, computed } from 'nanostores'
import { fetchAppVersion, versionUrl } from '../../services/app-version'
import { reloadPage } from '../../services/page'
import { $config } from './config'

/** The console's version when this page loaded, and the latest one the server announces. */
export interface AppVersions {
  /** `/version.txt` at start; null until read. */
  loaded: string | null
  /** `/version.txt` at the last check. */
  latest: string | null
}

/** What `/version.txt` said at start and at the last check. */
export const $appVersions = atom<AppVersions>({ loaded: null, latest: null })

/** A new version is out: the update banner shows (SPEC §4). */
export const $updateAvailable = computed(
  $appVersions,
  ({ loaded, latest }) => loaded !== null && latest !== null && latest !== loaded,
)

/**
 * Reads `/version.txt` and keeps it; the first answer is the version this page runs. A failed check
 * is ignored: the next one will tell.
 *
 * @example
 * await checkAppVersion()
 */
export async function checkAppVersion(fetchImpl?: typeof fetch): Promise<void> {
  try {
    const version = await fetchAppVersion(versionUrl($config.get().apiUrl), fetchImpl)
    const { loaded } = $appVersions.get()
    $appVersions.set({ loaded: loaded ?? version, latest: version })
  } catch (error) {
    console.warn('[agent-console] version check failed', error)
  }
}

/** The update banner's apply button: reloads into the new version. */
export function applyUpdate(): void {
  reloadPage()
}

/**
 * Checks the version now and whenever the tab becomes visible again (SPEC §4); the shell starts it
 * when it mounts. Returns the stop function.
 *
 * @example
 * useEffect(() => watchAppVersion(), [])
 */
export function watchAppVersion(): () => void {
  void checkAppVersion()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkAppVersion()
  }
  document.addEventListener('visibilitychange', onVisible)
  return () => document.removeEventListener('visibilitychange', onVisible)
}
