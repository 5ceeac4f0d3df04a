/**
 * Stands in for the React DevTools extension: installs `__REACT_DEVTOOLS_GLOBAL_HOOK__`, the hook every
 * React DOM renderer announces itself to (its package and version) when it loads, and reports each root it
 * commits to. Import it before anything that loads react-dom: what it records is the renderer's own word,
 * which preact/compat or any other stand-in never gives.
 */

/** What a renderer tells DevTools about itself. */
export interface RendererInternals {
  rendererPackageName: string
  version: string
  reconcilerVersion?: string
}

/** A commit reported by a renderer: its id and the container of the root it rendered into. */
export interface RootCommit {
  rendererId: number
  container: unknown
}

/** Renderers that injected themselves, by id. */
export const renderers = new Map<number, RendererInternals>()

/** Every root commit reported so far. */
export const commits: RootCommit[] = []

const hook = {
  supportsFiber: true,
  renderers,
  inject(internals: RendererInternals): number {
    const id = renderers.size + 1
    renderers.set(id, internals)
    return id
  },
  onCommitFiberRoot(rendererId: number, root: { containerInfo: unknown }): void {
    commits.push({ rendererId, container: root.containerInfo })
  },
  onCommitFiberUnmount(): void {},
  onPostCommitFiberRoot(): void {},
  // React asks the extension to check for dead-code elimination; nothing to check here.
  checkDCE(): void {},
}

;(globalThis as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: typeof hook }).__REACT_DEVTOOLS_GLOBAL_HOOK__ =
  hook
