import type { FastifyInstance } from 'fastify'
import {
  BACKGROUND_IMAGE_MAX_BYTES,
  BACKGROUND_IMAGE_MAX_COUNT,
  BACKGROUND_IMAGE_TYPES,
  BACKGROUND_UPLOAD_REASON,
  ERROR_MESSAGES,
  IdSchema,
  type BackgroundImage,
  type BackgroundImagesResponse,
  type Ok,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { newId } from '../store/ids'
import { parseInput } from '../validation'
import { imageTypeOf } from './image-signature'
import type { ApiTools } from './api-plugin'

/** Where the server serves an image (the console fetches it with its bearer token). */
const urlOf = (id: string) => `/api/user/backgrounds/${id}`

/**
 * The agent's own virtual background images (SPEC §6 "Uploading images may be denied"): upload (the
 * bytes as the body; type read from the bytes, not trusted from the header; at most 2 MB and 12 per
 * agent), list, read back (the owner only) and delete. Stored in the database under the account.
 */
export async function backgroundRoutes(app: FastifyInstance, tools: ApiTools): Promise<void> {
  // Its own scope: the image parsers apply to these routes only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      [...BACKGROUND_IMAGE_TYPES],
      // A little over the limit, so an image just too big gets the reasoned 413 below.
      { parseAs: 'buffer', bodyLimit: BACKGROUND_IMAGE_MAX_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    )
    routes(scope, tools)
  })
}

function routes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.get(
    '/user/backgrounds',
    authed(async (_request, { user }): Promise<BackgroundImagesResponse> => {
      const rows = await context.db.query<{ id: string }>(
        'SELECT id FROM background_images WHERE user_id = $1 ORDER BY created_at, id',
        [user.id],
      )
      return { data: rows.map((row) => ({ _id: row.id, url: urlOf(row.id) })) }
    }),
  )

  app.post(
    '/user/backgrounds',
    authed(async (request, { user }): Promise<BackgroundImage> => {
      if (!user.images_access)
        throw new ServerError(403, ERROR_MESSAGES.noUploadImages, {
          reason: BACKGROUND_UPLOAD_REASON.noAccess,
        })
      const bytes = request.body
      if (!Buffer.isBuffer(bytes))
        throw new ServerError(415, 'Send a JPEG, PNG or WebP image', {
          reason: BACKGROUND_UPLOAD_REASON.type,
        })
      if (bytes.length > BACKGROUND_IMAGE_MAX_BYTES)
        throw new ServerError(413, 'The image is larger than 2 MB', { reason: BACKGROUND_UPLOAD_REASON.size })
      const type = imageTypeOf(bytes)
      if (!type || type !== request.headers['content-type']?.split(';')[0]?.trim().toLowerCase())
        throw new ServerError(415, 'The file is not the image its type says', {
          reason: BACKGROUND_UPLOAD_REASON.type,
        })
      const id = newId()
      // The count and the insert in one statement: two uploads at once cannot pass the limit together.
      const rows = await context.db.query(
        `INSERT INTO background_images (id, account_id, user_id, mime, bytes, created_at)
         SELECT $1, $2, $3, $4, $5, $6
         WHERE (SELECT count(*) FROM background_images WHERE user_id = $3) < $7 RETURNING id`,
        [
          id,
          user.account_id,
          user.id,
          type,
          bytes,
          new Date(context.clock.now()),
          BACKGROUND_IMAGE_MAX_COUNT,
        ],
      )
      if (rows.length === 0)
        throw new ServerError(409, `At most ${BACKGROUND_IMAGE_MAX_COUNT} images`, {
          reason: BACKGROUND_UPLOAD_REASON.count,
        })
      return { _id: id, url: urlOf(id) }
    }),
  )

  app.get(
    '/user/backgrounds/:id',
    authed<{ Params: { id: string } }>(async (request, { user }, reply) => {
      const id = parseInput(IdSchema, request.params.id)
      const rows = await context.db.query<{ mime: string; bytes: Uint8Array }>(
        'SELECT mime, bytes FROM background_images WHERE id = $1 AND user_id = $2',
        [id, user.id],
      )
      const image = rows[0]
      if (!image) throw new ServerError(404, 'Image not found')
      return reply
        .type(image.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(image.bytes))
    }),
  )

  app.delete(
    '/user/backgrounds/:id',
    authed<{ Params: { id: string } }>(async (request, { user }): Promise<Ok> => {
      const id = parseInput(IdSchema, request.params.id)
      const rows = await context.db.query(
        'DELETE FROM background_images WHERE id = $1 AND user_id = $2 RETURNING id',
        [id, user.id],
      )
      if (rows.length === 0) throw new ServerError(404, 'Image not found')
      return { ok: true }
    }),
  )
}
