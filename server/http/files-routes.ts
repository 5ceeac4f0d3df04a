import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import * as v from 'valibot'
import {
  FileAuthorizationRequestSchema,
  IdSchema,
  MAX_UPLOAD_BYTES,
  SAVEABLE_TYPES,
  normalizeType,
  safeFileName,
  type SavedFile,
  type SavedFiles,
} from '../../src/protocol'
import { ServerError } from '../errors'
import { parseInput } from '../validation'
import { newId } from '../store/ids'
import { fileById, filesOfRoom, insertFile, roomOfParticipant, savedFile } from '../store/files'
import type { UserRow } from '../store/users'
import { UploadMismatch } from '../files/file-storage'
import { bearerToken } from './request-user'
import { accountFilesFull, readStorageQuotas } from '../quotas/storage-quotas'
import { accountFileBytes, releaseFileBytes, reserveFileBytes } from '../store/storage-quotas'
import type { ApiTools } from './api-plugin'

const FILE_TOKEN_TTL_S = 10 * 60

/** Downloads never run anywhere: no sniffing, always an attachment, and a CSP that sandboxes them. */
const DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'cache-control': 'private, no-store',
  'cross-origin-resource-policy': 'same-origin',
}

/** `attachment; filename="ascii"; filename*=UTF-8''…`: every browser gets a name and nothing can break out. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The call or appointment, when `user` takes or took part in it and it is of their account. */
async function participantRoom(tools: ApiTools, roomId: string, user: UserRow) {
  const room = await roomOfParticipant(tools.context.db, roomId, user.id)
  if (!room || room.accountId !== user.account_id) return null
  return room
}

/**
 * File exchange (SPEC §7, §8 Files; issue 16 "Files"): `POST /files/authorization` (for a call or
 * meeting the agent is or was in, a type of the allow-list, within the size limit) gives a one-use
 * token; `POST /upload` streams the bytes to disk, checking size and CRC-32 against it; `GET
 * /files/{id}` and `GET /files?call=` read them back, for participants of that call or meeting only,
 * as attachments that cannot be sniffed into HTML. The account's files share a quota
 * (`ACCOUNT_FILES_QUOTA_BYTES`): an authorization or upload that would pass it is refused with 413
 * `account-files-quota` before any byte is stored.
 */
export function filesRoutes(app: FastifyInstance, tools: ApiTools): void {
  const { context, authed } = tools
  // Read as the routes are set up: a bad value stops the server from starting.
  const filesQuota = readStorageQuotas(process.env).accountFilesBytes
  // The upload is read as a stream (never one buffer): the route checks size and CRC-32 as it goes.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload))

  app.post(
    '/files/authorization',
    authed(async (request, { user }) => {
      const body = parseInput(FileAuthorizationRequestSchema, request.body)
      const roomId = (body.call ?? body.appointment) as string
      const type = normalizeType(body.type)
      const extensions = Object.hasOwn(SAVEABLE_TYPES, type) ? SAVEABLE_TYPES[type] : undefined
      if (!extensions) throw new ServerError(415, `Files of type ${type} cannot be saved`)
      const extension = body.extension.toLowerCase()
      if (!extensions.includes(extension))
        throw new ServerError(400, `The extension .${extension} does not fit the type ${type}`)
      if (body.size > MAX_UPLOAD_BYTES)
        throw new ServerError(413, `Files larger than ${MAX_UPLOAD_BYTES} bytes cannot be saved`)
      const room = await participantRoom(tools, roomId, user)
      if (!room) throw new ServerError(403, 'You were not in that call or meeting')
      // Told before the bytes are sent; the upload itself reserves its room under the account's lock.
      const now = new Date(context.clock.now())
      if ((await accountFileBytes(context.db, user.account_id, now)) + body.size > filesQuota)
        throw accountFilesFull(filesQuota)
      const expiresAt = new Date(context.clock.now() + FILE_TOKEN_TTL_S * 1000)
      const name = safeFileName(body.name ?? `file.${extension}`)
      const accessToken = await context.tokens.sign(
        'file',
        user.id,
        {
          org: user.account_id,
          size: body.size,
          crc32: body.crc32,
          type,
          name,
          call: room.kind === 'call' ? roomId : null,
          appointment: room.kind === 'meeting' ? roomId : null,
        },
        FILE_TOKEN_TTL_S,
      )
      return { accessToken, expiresAt: expiresAt.toISOString() }
    }),
  )

  app.post('/upload', async (request, reply): Promise<SavedFile> => {
    const token = bearerToken(request)
    const claims = token ? await context.tokens.verify(token, 'file') : null
    if (!claims || typeof claims.aud !== 'string' || typeof claims.jti !== 'string')
      throw new ServerError(401, 'Invalid or expired file token')
    const body = request.body as Readable | undefined
    if (!body || typeof body.pipe !== 'function')
      throw new ServerError(415, 'Send the file as application/octet-stream')
    const size = Number(claims.size)
    const declared = Number(request.headers['content-length'] ?? size)
    if (declared !== size) throw new ServerError(400, `Expected ${size} bytes, got ${declared}`)
    const spent = await context.db.query(
      'INSERT INTO used_file_tokens (jti, used_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING jti',
      [claims.jti, new Date(context.clock.now())],
    )
    if (spent.length === 0) throw new ServerError(401, 'This file token was used already')
    const id = newId()
    const roomId = String(claims.call ?? claims.appointment)
    const accountId = String(claims.org)
    const reserved = await reserveFileBytes(context.db, {
      id,
      accountId,
      bytes: size,
      at: new Date(context.clock.now()),
      quota: filesQuota,
    })
    if (!reserved) throw accountFilesFull(filesQuota)
    let path: string
    try {
      path = await context.files.store(roomId, id, body, { size, crc32: Number(claims.crc32) })
    } catch (error) {
      await releaseFileBytes(context.db, id)
      if (error instanceof UploadMismatch)
        throw new ServerError(error.reason === 'too-large' ? 413 : 400, error.message)
      // The client went away mid-upload: nothing was stored, and nobody is left to answer.
      throw new ServerError(400, 'The upload was interrupted')
    }
    const row = {
      id,
      account_id: accountId,
      user_id: claims.aud,
      call_id: typeof claims.call === 'string' ? claims.call : null,
      appointment_id: typeof claims.appointment === 'string' ? claims.appointment : null,
      name: String(claims.name),
      type: String(claims.type),
      size,
      crc32: Number(claims.crc32),
      path,
      created_at: new Date(context.clock.now()),
    }
    try {
      // The row counts the bytes from now on: the reservation goes with the same commit.
      await context.db.transaction(async (tx) => {
        await insertFile(tx, row)
        await releaseFileBytes(tx, id)
      })
    } catch (error) {
      await context.files.remove(path)
      await releaseFileBytes(context.db, id)
      throw error
    }
    reply.code(201)
    return savedFile({ ...row, data: null })
  })

  app.get(
    '/files',
    authed<{ Querystring: { call?: string; appointment?: string } }>(
      async (request, { user }): Promise<SavedFiles> => {
        const roomId = request.query.call ?? request.query.appointment
        if (!v.is(IdSchema, roomId)) throw new ServerError(400, 'Give a call or an appointment id')
        if (!(await participantRoom(tools, roomId, user)))
          throw new ServerError(403, 'You were not in that call or meeting')
        return { data: (await filesOfRoom(context.db, roomId)).map(savedFile) }
      },
    ),
  )

  app.get(
    '/files/:id',
    authed<{ Params: { id: string } }>(async (request, { user }, reply) => {
      const file = v.is(IdSchema, request.params.id) ? await fileById(context.db, request.params.id) : null
      const roomId = file?.call_id ?? file?.appointment_id
      // Another account's file, or a call this agent was never in: as if it did not exist.
      if (
        !file ||
        !roomId ||
        file.account_id !== user.account_id ||
        !(await participantRoom(tools, roomId, user))
      )
        throw new ServerError(404, 'File not found')
      return send(reply, file.type, file.name, file.path ? context.files.read(file.path) : file.data)
    }),
  )
}

function send(reply: FastifyReply, type: string, name: string, bytes: Readable | Uint8Array | null) {
  // A row from before the allow-list may hold any type: only allow-listed ones are served as such.
  const served = Object.hasOwn(SAVEABLE_TYPES, normalizeType(type))
    ? normalizeType(type)
    : 'application/octet-stream'
  return reply
    .headers(DOWNLOAD_HEADERS)
    .header('content-disposition', disposition(name))
    .type(served)
    .send(bytes instanceof Uint8Array ? Buffer.from(bytes) : (bytes ?? Buffer.alloc(0)))
}
