import type { TransferTarget } from '../../src/protocol'

/** A transfer or invitation target that is an agent. */
export function agentTarget(id: string, name: string): TransferTarget {
  return { type: 'agent', id, name }
}

/** A transfer target that is a segment. */
export function segmentTarget(id: string, name: string): TransferTarget {
  return { type: 'segment', id, name }
}
