/** One package's or console folder's code among the path's scripts. */
export interface PathOwner {
  /** The npm package (`react-dom`), the console folder (`src/stores`), `compiled messages` or `bundler`. */
  owner: string
  /** Its code's characters. */
  raw: number
  /** Its code gzipped on its own at level 9. */
  gzippedAlone: number
}

/** The owner of a source path of a source map. */
export function ownerOf(source: string): string

/** Each owner's code among `files` (built scripts with their `.map` beside), gzipped alone; largest first. */
export function pathOwners(files: string[]): PathOwner[]
