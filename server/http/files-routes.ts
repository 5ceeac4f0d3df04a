import type { FastifyInstance } from 'fastify'
import CRC32 from 'crc-32'
import { FileAuthorizationRequestSchema, MAX_UPLOAD_BYTES, type UploadResponse } from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { newId } from '../store/ids'
import { bearerToken } from './request-user'
import type { ApiTools } from './api-plugin'

const FILE_TOKEN_TTL_S = 10 * 60

/**
 * File exchange: `POST /files/authorization` (for a call or meeting the agent is or was in) gives a
 * one-use token; `POST /upload` with the bytes checks their size and CRC-32 against it and stores
 * them; `GET /files/{id}` reads them back (same account).
 */
export function filesRoutes(app: FastifyInstance, { context, authed }: ApiTools): void {
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_r, body, done) => done(null, body),
  )

  app.post(
    '/files/authorization',
    authed(async (request, { user }) => {
      const body = parseInput(FileAuthorizationRequestSchema, request.body)
      const roomId = (body.call ?? body.appointment) as string
      const member = await context.db.query(
        `SELECT 1 FROM participants WHERE room_id = $1 AND user_id = $2
         UNION ALL SELECT 1 FROM appointments WHERE id = $1 AND user_id = $2`,
        [roomId, user.id],
      )
      if (member.length === 0) throw new ServerError(403, 'You were not in that call or meeting')
      const expiresAt = new Date(context.clock.now() + FILE_TOKEN_TTL_S * 1000)
      const accessToken = await context.tokens.sign(
        'file',
        user.id,
        {
          org: user.account_id,
          size: body.size,
          crc32: body.crc32,
          type: body.type,
          extension: body.extension,
          name: body.name ?? `file.${body.extension}`,
          call: body.call ?? null,
          appointment: body.appointment ?? null,
        },
        FILE_TOKEN_TTL_S,
      )
      return { accessToken, expiresAt: expiresAt.toISOString() }
    }),
  )

  app.post('/upload', async (request, reply): Promise<UploadResponse> => {
    const token = bearerToken(request)
    const claims = token ? await context.tokens.verify(token, 'file') : null
    if (!claims || typeof claims.aud !== 'string' || typeof claims.jti !== 'string')
      throw new ServerError(401, 'Invalid or expired file token')
    const bytes = request.body
    if (!Buffer.isBuffer(bytes)) throw new ServerError(415, 'Send the file as application/octet-stream')
    if (bytes.length !== claims.size)
      throw new ServerError(400, `Expected ${String(claims.size)} bytes, got ${bytes.length}`)
    const crc = CRC32.buf(bytes) >>> 0
    if (crc !== claims.crc32) throw new ServerError(400, 'CRC-32 mismatch: the file was damaged on the way')
    const spent = await context.db.query(
      'INSERT INTO used_file_tokens (jti, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING jti',
      [claims.jti, new Date(context.clock.now())],
    )
    if (spent.length === 0) throw new ServerError(401, 'This file token was used already')
    const id = newId()
    await context.db.query(
      `INSERT INTO files (id, account_id, user_id, call_id, appointment_id, name, type, size, crc32, data, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        claims.org,
        claims.aud,
        claims.call,
        claims.appointment,
        claims.name,
        claims.type,
        bytes.length,
        crc,
        bytes,
        new Date(context.clock.now()),
      ],
    )
    reply.code(201)
    return {
      id,
      size: bytes.length,
      crc32: crc,
      type: String(claims.type),
      name: String(claims.name),
      url: `/api/files/${id}`,
    }
  })

  app.get(
    '/files/:id',
    authed<{ Params: { id: string } }>(async (request, { user }, reply) => {
      const rows = await context.db.query<{ name: string; type: string; data: Uint8Array }>(
        'SELECT name, type, data FROM files WHERE id = $1 AND account_id = $2',
        [request.params.id, user.account_id],
      )
      const file = rows[0]
      if (!file) throw new ServerError(404, 'File not found')
      return reply
        .type(file.type || 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`)
        .send(Buffer.from(file.data))
    }),
  )
}
