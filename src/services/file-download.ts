import { clock } from './clock'

/** How long a downloaded blob's URL is kept (the browser reads it in that time). */
const REVOKE_AFTER_MS = 60_000

/**
 * Saves a blob as a file through the browser's download (a link clicked in the page).
 *
 * @example
 * downloadFile(new Blob(['hi']), 'hello.txt')
 */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  clock.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

/**
 * Downloads what a URL serves (the server names the file with `content-disposition`).
 *
 * @example
 * downloadLink('/api/recordings/1/media?token=t&download=1', 'recording.webm')
 */
export function downloadLink(url: string, name: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
}
