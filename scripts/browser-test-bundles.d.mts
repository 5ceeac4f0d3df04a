/** The Web Test Runner plugin that serves each browser test file bundled, and its map when asked for. */
export const bundleTests: {
  name: string
  serve(context: { path: string }): Promise<{ body: string; type: string } | undefined>
}
