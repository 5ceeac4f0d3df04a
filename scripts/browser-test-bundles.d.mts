/**
 * One browser test file bundled (`path` from the project's root, as `/test/…`), with its source map
 * (`map: true`) or without; the code links the map either way.
 */
export function bundleTest(path: string, options?: { map?: boolean }): Promise<{ code: string; map?: string }>

/** The Web Test Runner plugin that serves each browser test file bundled, and its map when asked for. */
export const bundleTests: {
  name: string
  serve(context: { path: string }): Promise<{ body: string; type: string } | undefined>
}
