import type { FastifyInstance } from 'fastify'
import { ERROR_MESSAGES, FeedbackSubmissionSchema, type Ok } from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { newId } from '../store/ids'
import { bearerToken } from './request-user'
import type { ApiTools } from './api-plugin'
import { externalAppKeysOf } from './external-app-keys'

/**
 * The feedback widget's stand-in (reference server): its form (`/feedback.html`) posts what the
 * agent sends here, with the feedback SSO token of `GET /external-apps/feedback/sso` as bearer.
 */
export function feedbackRoutes(app: FastifyInstance, { context }: ApiTools): void {
  app.post('/external-apps/feedback/submissions', async (request, reply): Promise<Ok> => {
    const token = bearerToken(request)
    // Verified as any app would: the public key, ES256 only, this server's issuer, audience `feedback`.
    const claims = token ? await externalAppKeysOf(context).verify(token, 'feedback') : null
    if (!claims) throw new ServerError(401, ERROR_MESSAGES.unauthorized)
    const body = parseInput(FeedbackSubmissionSchema, request.body)
    await context.db.query(
      'INSERT INTO feedback (id, account_id, user_id, rating, message, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [newId(), claims.accountId, claims.userId, body.rating, body.message, new Date(context.clock.now())],
    )
    reply.code(201)
    return { ok: true }
  })
}
