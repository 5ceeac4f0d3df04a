// Where the bytes of the path to "available" come from: each fetched script of dist/cdn/ is read back
// from disk with its source map, every stretch of its code is assigned to the package or console folder
// it came from, and each owner's code is gzipped on its own (level 9). Measured, not apportioned: an
// owner's figure is the size of its own code compressed alone, so the figures do not add up to the
// path's total (gzip also compresses across owners, and the path counts documents and API answers).
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'
import { SourceMapConsumer } from 'source-map-js'

/** The owner of a source path of the map: the npm package, or the console's folder (`src/stores`…). */
export function ownerOf(source) {
  // The last node_modules of the path: FullCalendar's own Preact is Preact's.
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  if (inPackage) return inPackage[1]
  const inConsole = /(?:^|\/)(src\/[^/]+|locales|demo)\//.exec(source)
  return inConsole ? inConsole[1] : 'bundler'
}

/** Adds the code of one built file to `into`, split by owner (unmapped glue code is left out). */
function addCodeByOwner(file, into) {
  const code = readFileSync(file, 'utf8')
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'))
  // The compiled message chunks (`en-core-….js`) are generated data with an empty map.
  if (map.sources.length === 0) {
    const owner = /^(en|es|fr)-/.test(basename(file)) ? 'compiled messages' : `unmapped ${basename(file)}`
    into.set(owner, (into.get(owner) ?? '') + code)
    return
  }
  const lines = code.split('\n')
  const consumer = new SourceMapConsumer(map)
  const mappings = []
  consumer.eachMapping((mapping) => mappings.push(mapping))
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1]
    const line = lines[mapping.generatedLine - 1]
    const end = next?.generatedLine === mapping.generatedLine ? next.generatedColumn : line.length
    const owner = mapping.source ? ownerOf(mapping.source) : 'bundler'
    into.set(owner, (into.get(owner) ?? '') + line.slice(mapping.generatedColumn, end))
  })
}

/**
 * Each owner's code among `files` (paths under dist/cdn/, as the page fetched them), gzipped alone.
 * Throws when a file has no source map: without one there is nothing to measure.
 */
export function pathOwners(files) {
  const code = new Map()
  for (const file of files) addCodeByOwner(file, code)
  return [...code]
    .filter(([, text]) => text.length > 0)
    .map(([owner, text]) => ({ owner, raw: text.length, gzippedAlone: gzipSync(text, { level: 9 }).length }))
    .sort((a, b) => b.gzippedAlone - a.gzippedAlone || a.owner.localeCompare(b.owner))
}
