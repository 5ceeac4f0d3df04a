/** Prefixes of the messages that are not the console's (the customer page's): no console chunk has them. */
export const NOT_THE_CONSOLE: readonly string[]

/** The message ids of the first screens (`core`) and of each lazy area with messages of its own. */
export function splitMessageIds(root?: string): { core: string[]; areas: Record<string, string[]> }

/** Rollup plugin: the split in place of src/services/message-groups.ts, a chunk per group and language. */
export function splitMessages(root?: string): import('rollup').Plugin
