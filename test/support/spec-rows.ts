/** A bullet or table row of SPEC, named by its heading and its place under it. */
export interface SpecRow {
  /** The nearest heading above it, e.g. `2. Screens and routes › Login screen`. */
  section: string
  /** Its place under that heading, from 1. */
  index: number
  /** Its text, without the bullet or the table's pipes. */
  text: string
}

/**
 * Every bullet and table row (headers and separators left out) of SPEC's Markdown, in order. A `###`
 * heading is named with its `##` parent, so that two sections' "Rules" stay apart.
 */
export function specRows(markdown: string): SpecRow[] {
  const rows: SpecRow[] = []
  let top = ''
  let section = ''
  let index = 0
  let previousWasTable = false
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3})\s+(.*)$/.exec(line)
    if (heading) {
      if (heading[1] === '##') top = heading[2]!.trim()
      section = heading[1] === '##' ? top : `${top} › ${heading[2]!.trim()}`
      index = 0
      previousWasTable = false
      continue
    }
    const isTable = line.startsWith('|')
    if (isTable) {
      const separator = /^\|[\s:|-]+\|?\s*$/.test(line)
      // A table's first line is its header.
      if (previousWasTable && !separator) rows.push({ section, index: ++index, text: cells(line) })
      previousWasTable = true
      continue
    }
    previousWasTable = false
    const bullet = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line)
    if (bullet) rows.push({ section, index: ++index, text: bullet[1]!.trim() })
  }
  return rows
}

function cells(line: string): string {
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim())
    .join(' · ')
}
