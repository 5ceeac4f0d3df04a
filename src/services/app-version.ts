/**
 * Reads the deployed version of the console (`/version.txt`, never from the cache) so a tab can tell
 * that a new one is out (SPEC §4).
 *
 * @example
 * const version = await fetchAppVersion('/version.txt')
 */
export async function fetchAppVersion(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(url, { cache: 'no-cache', headers: { accept: 'text/plain' } })
  if (!response.ok) throw new Error(`version check answered ${response.status}`)
  return (await response.text()).trim()
}

/**
 * Where the version file is: beside the API's origin (`/version.txt` at the root of the server that
 * serves the API), so an embedded console checks its own server, not the host page's.
 *
 * @example
 * versionUrl('https://api.example.com/api') // 'https://api.example.com/version.txt'
 */
export function versionUrl(apiUrl: string): string {
  return new URL('/version.txt', new URL(apiUrl || '/', location.href)).href
}
