/** Bundles the conformance kit into one Node 20 ES module at `outfile`. */
export function buildContractKit(outfile: string): Promise<void>
