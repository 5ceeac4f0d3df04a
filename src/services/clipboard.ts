/**
 * Writes text to the clipboard (the async Clipboard API; it needs a secure context and, in some
 * browsers, a user gesture). Rejects when the browser refuses.
 *
 * @example
 * await writeClipboard(link.url)
 */
export async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available here')
  await navigator.clipboard.writeText(text)
}
