/** The most of a file a text preview reads: a log of megabytes would freeze the page as one text node. */
export const TEXT_PREVIEW_MAX_BYTES = 256 * 1024

/** The start of a file read as text. */
export interface TextPreview {
  /** The characters read (UTF-8; bytes that are not UTF-8 show as U+FFFD). */
  text: string
  /** Bytes read (at most `TEXT_PREVIEW_MAX_BYTES`). */
  shownBytes: number
  /** The file's size in bytes. */
  size: number
  /** Whether the file goes on past what was read. */
  truncated: boolean
}

/**
 * Reads the first `maxBytes` of a file as UTF-8 text, for showing as text (never as markup). A character
 * cut in two by the limit is left out rather than shown as a replacement mark.
 *
 * @example
 * const { text, truncated } = await readTextPreview(blob)
 * pre.textContent = text
 */
export async function readTextPreview(file: Blob, maxBytes = TEXT_PREVIEW_MAX_BYTES): Promise<TextPreview> {
  const shown = Math.min(file.size, maxBytes)
  const bytes = new Uint8Array(await file.slice(0, shown).arrayBuffer())
  const truncated = file.size > shown
  // `stream: true` keeps back a trailing partial character when the file goes on past the cut.
  const text = new TextDecoder('utf-8').decode(bytes, { stream: truncated })
  return { text, shownBytes: shown, size: file.size, truncated }
}
