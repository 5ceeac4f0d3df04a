import * as v from 'valibot'
import type { FastifyInstance } from 'fastify'
import { IceTransportPolicySchema, RecordingsSettingsSchema } from '../../src/protocol'
import type { ApiTools } from './api-plugin'
import { parseInput } from '../validation'
import { callById } from '../store/calls'
import { ServerError } from '../errors'
import { filesOfRoom, savedFile } from '../store/files'

/**
 * Dev-only reads for end-to-end tests (on with the dev endpoints, never with NODE_ENV=production):
 * what the server stored for a call, so a test can check that the console's tags, comments and agent
 * form values reached it, and which files were saved with it; the caller's account recorder, so a
 * test (or a person trying the demo) can record locally or automatically; and the caller's account ICE
 * transport policy, so a test can keep the account's media on relays (`relay`) or follow the server (null).
 */
export function devRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  if (!context.devEndpoints) return
  app.get<{ Params: { id: string } }>('/dev/calls/:id', async (request) => {
    const call = await callById(context.db, request.params.id)
    if (!call) throw new ServerError(404, 'Unknown call')
    return {
      id: call.id,
      status: call.status,
      agentId: call.agent_id,
      selectedTags: call.selected_tags,
      comments: call.comments,
      agentFormValues: call.agent_form_values,
      endReason: call.end_reason,
      files: (await filesOfRoom(context.db, call.id)).map(savedFile),
    }
  })

  app.patch(
    '/dev/recorder',
    authed(async (request, { user }) => {
      const patch = parseInput(v.partial(RecordingsSettingsSchema), request.body)
      const rows = await context.db.query<{ recorder: unknown }>(
        `UPDATE accounts SET settings = jsonb_set(settings, '{recorder}', (settings->'recorder') || $2::jsonb)
          WHERE id = $1 RETURNING settings->'recorder' AS recorder`,
        [user.account_id, JSON.stringify(patch)],
      )
      return rows[0]?.recorder
    }),
  )

  app.put(
    '/dev/ice-transport-policy',
    authed(async (request, { user }) => {
      const { iceTransportPolicy } = parseInput(
        v.object({ iceTransportPolicy: v.nullable(IceTransportPolicySchema) }),
        request.body,
      )
      await context.db.query('UPDATE accounts SET ice_transport_policy = $2 WHERE id = $1', [
        user.account_id,
        iceTransportPolicy,
      ])
      return { iceTransportPolicy }
    }),
  )
}
