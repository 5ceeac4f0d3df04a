/** A configuration the server refuses to start with; `problems` says which setting to change, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Unsafe or invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}
