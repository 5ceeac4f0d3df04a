import type { FastifyInstance } from 'fastify'
import {
  PersonalLinkRequestSchema,
  type PersonalLinkResponse,
  type PublicPersonalLink,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { agentSegments } from '../store/agent-states'
import { personalLinkByCode, personalLinkOf, replacePersonalLink } from '../store/personal-links'
import { agentReady } from '../routing/queue'
import type { ApiTools } from './api-plugin'

/**
 * The agent's personal link (`GET`/`POST /personal-link`, their own only) and, for the customer page,
 * whom a link calls (`GET /public/personal-links/{code}`, no login).
 */
export function utilitiesRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/personal-link',
    authed(async (_request, { user }): Promise<PersonalLinkResponse> => ({
      link: await personalLinkOf(context.db, user.id, context.publicUrl()),
    })),
  )

  app.post(
    '/personal-link',
    authed(async (request, { user }): Promise<PersonalLinkResponse> => {
      const body = parseInput(PersonalLinkRequestSchema, request.body ?? {})
      const segments = await agentSegments(context.db, user.id)
      const segment = body.segment ?? segments[0]
      if (!segment || !segments.includes(segment)) throw new ServerError(404, 'You do not serve that segment')
      const link = await replacePersonalLink(
        context.db,
        user.id,
        segment,
        context.clock.now(),
        context.publicUrl(),
      )
      return { link }
    }),
  )

  app.get<{ Params: { code: string } }>(
    '/public/personal-links/:code',
    async (request): Promise<PublicPersonalLink> => {
      const code = request.params.code
      const link = /^[A-Za-z0-9_-]{8,64}$/.test(code) ? await personalLinkByCode(context.db, code) : undefined
      if (!link) throw new ServerError(404, 'This link is no longer valid', { reason: 'unknown-link' })
      return {
        agent: link.agent_name,
        segment: { id: link.segment_id, name: link.segment_name },
        available: await agentReady(context, link.user_id),
      }
    },
  )
}
