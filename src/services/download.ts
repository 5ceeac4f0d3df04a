import { clock } from './clock'

/**
 * Hands a file to the browser to save, under a name (a temporary object URL and a click on a link).
 *
 * @example
 * saveFile('invoice.pdf', blob)
 */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has read the URL once the click is handled.
  clock.setTimeout(() => URL.revokeObjectURL(url), 0)
}
