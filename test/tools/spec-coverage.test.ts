import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { specRows } from '../support/spec-rows'

// docs/spec-coverage.md maps every bullet and table row of SPEC to the tests that prove it (issue 69).
// A map that names a test no longer there, or misses a row SPEC gained, says more than is true.

/** SPEC lives beside the clone (CI checks the clone out next to `../shared`). */
const SPEC = join('..', 'shared', 'SPEC.md')
const MAP = join('docs', 'spec-coverage.md')
/** The share of SPEC rows the map may leave untested, each with its reason. */
const MAX_UNTESTED_SHARE = 0.05

interface MapRow {
  section: string
  index: number
  proof: string
}

/** The map's rows: `## section`, then `| n | SPEC text | proof |` lines (a `\|` stays inside a cell). */
function mapRows(markdown: string): MapRow[] {
  const rows: MapRow[] = []
  let section = ''
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.*)$/.exec(line)
    if (heading) section = heading[1]!.trim()
    const cells = line.startsWith('|') ? line.split(/(?<!\\)\|/).slice(1, -1) : []
    const index = Number(cells[0]?.trim())
    if (cells.length === 3 && Number.isInteger(index) && index > 0)
      rows.push({ section, index, proof: cells[2]!.trim() })
  }
  return rows
}

/** A proof: `` `test/…/file.test.ts` › "test name" ``. */
const PROOF = /^`(test\/[^`]+\.test\.tsx?)` › "(.+)"$/

describe('docs/spec-coverage.md', () => {
  assert.ok(existsSync(SPEC), `SPEC is read from ${SPEC}, beside the clone`)
  const spec = specRows(readFileSync(SPEC, 'utf8'))
  const map = mapRows(readFileSync(MAP, 'utf8'))
  const id = (row: { section: string; index: number }) => `${row.section} #${row.index}`

  it('lists every bullet and table row of SPEC once, and nothing else', () => {
    assert.ok(spec.length > 150, `SPEC read as ${spec.length} rows`)
    assert.deepEqual(map.map(id), spec.map(id))
  })

  it('names, for each row, tests that exist under the names it gives', () => {
    const wrong: string[] = []
    for (const row of map) {
      if (row.proof.startsWith('untested:')) continue
      // Proofs are separated by "; " before the next backquoted file: a test name may hold "; " itself.
      for (const proof of row.proof.split(/; (?=`)/)) {
        const [, file, name] = PROOF.exec(proof.trim()) ?? []
        if (!file || !name) wrong.push(`${id(row)}: not a proof: ${proof}`)
        else if (!existsSync(file)) wrong.push(`${id(row)}: no file ${file}`)
        else if (!readFileSync(file, 'utf8').includes(name))
          wrong.push(`${id(row)}: no test "${name}" in ${file}`)
      }
    }
    assert.deepEqual(wrong, [])
  })

  it(`leaves at most ${MAX_UNTESTED_SHARE * 100}% of the rows untested, each with its reason`, () => {
    const untested = map.filter((row) => row.proof.startsWith('untested:'))
    for (const row of untested)
      assert.ok(row.proof.slice('untested:'.length).trim().length >= 10, `${id(row)} gives no reason`)
    assert.ok(
      untested.length <= map.length * MAX_UNTESTED_SHARE,
      `${untested.length} of ${map.length} untested: ${untested.map(id).join(', ')}`,
    )
  })
})
