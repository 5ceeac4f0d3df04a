import { writeClipboard } from '../../services/clipboard'

/** Copies text for a view; resolves whether the browser took it (no clipboard: false). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await writeClipboard(text)
    return true
  } catch {
    return false
  }
}
