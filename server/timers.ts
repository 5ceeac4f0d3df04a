/** Durations of the server's own timers, in milliseconds. Tests pass short ones. */
export interface Timers {
  /** How long a call rings at one agent before `agent:call:timeout` and the next agent. */
  ringTimeoutMs: number
  /** Override of every segment's queue time limit (`exceed`); null = the segment's own. */
  queueLimitMs: number | null
  /** How long a customer whose socket dropped may come back before the call gives up on them. */
  customerGraceMs: number
  /** How long an agent whose socket dropped mid-call may come back (`rejoin`) before the call ends. */
  agentGraceMs: number
  /** After a transfer to a segment, the transferring agent leaves the call this long later. */
  segmentTransferEndMs: number
  /** An agent who let a call ring out or dismissed it is not offered that call again for this long. */
  offerCooldownMs: number
  /** Every process sweeps expiries this often (catching those of a process that died). */
  sweepIntervalMs: number
  /**
   * A process whose heartbeat is older than this is dead: the others take over its agents and customers
   * (it beats four times per period). Short, so that a dead process's agents leave routing within seconds.
   */
  nodeTtlMs: number
  /** Access token lifetime. */
  accessTokenTtlMs: number
  /** A cloud recording whose upload is silent this long with no socket left is finalised as it is. */
  recorderGraceMs: number
  /** How often silent cloud recordings are closed and expired recording backups removed. */
  recordingsHousekeepingMs: number
  /**
   * How often the embedded PGlite is checkpointed, so that its write-ahead log stays bounded
   * (`server/store/checkpoints.ts`); PostgreSQL checkpoints on its own.
   */
  checkpointIntervalMs: number
}

/** The defaults of `npm start`. */
export const DEFAULT_TIMERS: Timers = {
  ringTimeoutMs: 20_000,
  queueLimitMs: null,
  customerGraceMs: 30_000,
  agentGraceMs: 60_000,
  segmentTransferEndMs: 10_000,
  offerCooldownMs: 30_000,
  sweepIntervalMs: 1_000,
  nodeTtlMs: 5_000,
  accessTokenTtlMs: 15 * 60_000,
  recorderGraceMs: 120_000,
  recordingsHousekeepingMs: 60_000,
  // PostgreSQL's checkpoint_timeout.
  checkpointIntervalMs: 5 * 60_000,
}
