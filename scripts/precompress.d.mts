/** The extensions that get compressed copies. */
export const COMPRESSIBLE: ReadonlySet<string>
/** Where compressed copies are kept between builds. */
export const DEFAULT_CACHE: string
/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`. */
export function precompress(
  dir: string,
  options?: { cacheDir?: string | null; log?: (line: string) => void },
): Promise<{
  files: number
  compressed: number
  fromCache: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}>
