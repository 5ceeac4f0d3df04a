import type { FastifyInstance } from 'fastify'
import type { ActiveSessions, EndedSessions, Ok } from '../../src/protocol'
import { endOtherSessions, endSession, listSessions } from '../auth/active-sessions'
import type { ApiTools } from './api-plugin'

/** The profile's list of the caller's sessions (ASVS 7.4.5, 7.5.2): list, end one, end all others. */
export function sessionsRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/auth/sessions',
    authed(async (_request, { user, familyId }): Promise<ActiveSessions> => ({
      sessions: await listSessions(context, user.id, familyId),
    })),
  )

  app.delete<{ Params: { id: string } }>(
    '/auth/sessions/:id',
    authed<{ Params: { id: string } }>(async (request, { user, familyId }): Promise<Ok> => {
      await endSession(context, user.id, familyId, request.params.id)
      return { ok: true }
    }),
  )

  app.post(
    '/auth/sessions/end-others',
    authed(async (_request, { user, familyId }): Promise<EndedSessions> =>
      endOtherSessions(context, user.id, familyId),
    ),
  )
}
