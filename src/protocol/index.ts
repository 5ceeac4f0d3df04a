// The wire contract is complete: every event and HTTP call of SPEC §7, with validators (see docs/protocol.md).
/**
 * The wire contract between the console and any server that keeps it: event names and payloads of the
 * realtime channel (`/ws`, agents; `/ws` namespace `/customer`, customers), HTTP paths and bodies,
 * entity types, the error catalogue, and valibot validators for everything that crosses the wire.
 * Imports nothing of ours, only valibot.
 *
 * @example
 * import { serverEventSchemas, type ServerToClientEvents } from '../protocol'
 * const result = v.safeParse(serverEventSchemas.inbound, payload)
 */
export * from './common'
export * from './bounded-json'
export * from './errors'
export * from './protocol-error'
export * from './auth'
export * from './password-reset'
export * from './sessions'
export * from './users'
export * from './backgrounds'
export * from './settings'
export * from './forms'
export * from './list-query'
export * from './agent-status'
export * from './notifications'
export * from './calls'
export * from './transfer'
export * from './call-tools'
export * from './apps'
export * from './chat'
export * from './signalling'
export * from './ice'
export * from './appointments'
export * from './customer-appointments'
export * from './meetings'
export * from './files'
export * from './beamport'
export * from './recordings'
export * from './recorder'
export * from './recording-backups'
export * from './external-apps'
export * from './utilities'
export * from './history'
export * from './metrics'
export * from './announcements'
export * from './http-paths'
export * from './http-api'
export * from './agent-events'
export * from './customer'
export * from './console-defaults'
export * from './decode'
