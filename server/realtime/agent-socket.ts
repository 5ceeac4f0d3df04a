import * as v from 'valibot'
import {
  SOCKET_AUTH_ERROR,
  clientEventSchemas,
  type ErrorReply,
  type ClientEventName,
} from '../../src/protocol'
import type { ServerContext } from '../context'
import { ServerError } from '../errors'
import { handle, type EventLane } from './event-handler'
import type { AgentSocket } from './io-types'
import { agentSocketClosed, authenticateAgent } from './agent-presence'
import { agentEventHandlers } from './agent-events'
import { OfferRefused } from '../routing/agent-offers'
import { noteFailure } from './event-failures'

/** Events whose failures have a named error event of their own (SPEC §7), besides the ack. */
const NAMED_ERRORS: Partial<Record<ClientEventName, 'hangup:error' | 'meeting:hangup:error'>> = {
  hangup: 'hangup:error',
  'meeting:hangup': 'meeting:hangup:error',
}

/**
 * Wires one agent socket: `authenticate` first (anything else before it answers 401), then every
 * event of `ClientToServerEvents`, each validated, serialised and answered.
 */
export function attachAgentSocket(context: ServerContext, socket: AgentSocket): void {
  const lane: EventLane = { chain: Promise.resolve() }
  const report = (event: string, error: ErrorReply, acked: boolean, payload: unknown, cause?: unknown) => {
    noteFailure(context, '/', event, error, cause, socket.data.userId ?? null)
    const named = NAMED_ERRORS[event as ClientEventName]
    if (named) return void socket.emit(named, error)
    if (event === 'answer') {
      const callId = v.is(v.object({ callId: v.string() }), payload) ? payload.callId : ''
      if (error.code === 409 || error.code === 422)
        return void socket.emit('answer:error', { callId, code: error.code, message: error.message })
    }
    if (event === 'authenticate') return
    if (event.startsWith('call:transfer:') || event.startsWith('call:invite:')) return
    if (!acked) socket.emit('protocol:error', { ...error, event })
  }

  handle(
    socket,
    lane,
    'authenticate',
    clientEventSchemas.authenticate,
    async (payload) => {
      try {
        return await authenticateAgent(context, socket, payload)
      } catch (error) {
        const code = error instanceof ServerError && [400, 401, 403].includes(error.code) ? error.code : 401
        socket.emit('authenticate:error', {
          code: code as 400 | 401 | 403,
          message: error instanceof Error ? error.message : 'Authentication failed',
        })
        // Give the error a moment to leave before closing (the console reads it first).
        setTimeout(() => socket.disconnect(true), 50).unref()
        throw error
      }
    },
    (event, error, acked, payload, cause) => {
      // A malformed authenticate is a 400 authenticate:error too.
      if (error.code === 400 && !v.is(clientEventSchemas.authenticate, payload)) {
        socket.emit('authenticate:error', { code: SOCKET_AUTH_ERROR.malformed, message: error.message })
        setTimeout(() => socket.disconnect(true), 50).unref()
      }
      report(event, error, acked, payload, cause)
    },
  )

  const handlers = agentEventHandlers(context, socket)
  for (const [event, handler] of Object.entries(handlers)) {
    const name = event as Exclude<ClientEventName, 'authenticate'>
    handle(
      socket,
      lane,
      name,
      clientEventSchemas[name],
      async (payload: unknown) => {
        if (!socket.data.userId) throw new ServerError(401, 'Authenticate first')
        try {
          return await (handler as (payload: unknown) => Promise<unknown>)(payload)
        } catch (error) {
          if (error instanceof OfferRefused) reportOfferRefused(socket, name, error)
          throw error
        }
      },
      report,
    )
  }

  socket.on('disconnect', (reason) => {
    if (socket.data.userId)
      context.events.agentPresence({ agentId: socket.data.userId, state: 'disconnected', reason })
    const closed = lane.chain.then(() => agentSocketClosed(context, socket))
    lane.chain = closed.catch(() => undefined)
    // Tracked, so that closing the server waits for it before closing the database.
    context.background.run(() => closed)
  })
}

function reportOfferRefused(socket: AgentSocket, event: ClientEventName, error: OfferRefused): void {
  if (event === 'call:invite:agent')
    socket.emit('call:invite:error', {
      callId: error.callId,
      target: error.target,
      code: error.code,
      reason: error.reason === 'no-agents' ? 'failed' : error.reason,
      message: error.message,
    })
  else
    socket.emit('call:transfer:error', {
      callId: error.callId,
      target: error.target,
      code: error.code,
      reason: error.reason,
      message: error.message,
    })
}
