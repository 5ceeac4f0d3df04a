/**
 * Bundles a server entry (TypeScript) into `<outDir>/main.js`, packages left as imports; `outDir`
 * must be inside the project.
 */
export function bundleServer(entry: string, outDir: string): Promise<void>
