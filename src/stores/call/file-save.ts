import * as v from 'valibot'
import {
  FileAuthorizationResponseSchema,
  HTTP_PATHS,
  UploadResponseSchema,
  saveExtension,
} from '../../protocol'
import { HttpError } from '../../services/http'
import type { MessageId } from '../../services/messages'
import { crc32OfBlob, upload } from '../../services/upload'
import { $config } from '../app/config'
import { notify } from '../app/toasts'
import { api } from '../session/connection'
import { $call } from './call-state'
import type { TransferList } from './transfer-list'

/** Whether the server refused the file because the account's saved files fill their quota. */
function accountFull(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    (error.body as { reason?: unknown } | null)?.reason === 'account-files-quota'
  )
}

/** Why an authorization was refused, as the agent is told (SPEC §8 Files). */
function refusal(error: unknown): MessageId {
  if (!(error instanceof HttpError) || error.status === 0 || error.status >= 500)
    return 'call.saveFiles.errorSaving'
  if (accountFull(error)) return 'call.saveFiles.accountQuota'
  if (error.status === 413) return 'call.saveFiles.tooLarge'
  if (error.status === 415) return 'call.saveFiles.notAllowedType'
  return 'call.saveFiles.noAccess'
}

function failed(list: TransferList, id: string, messageId: MessageId): void {
  // Nothing is lost: the file is back to received, with its bytes, and can be saved again.
  if (list.item(id)?.state === 'saving')
    list.patch(id, { state: 'received', error: messageId, speed: null, remainingMs: null })
  notify({ variant: 'danger', messageId })
}

const uploadUrl = () => `${$config.get().apiUrl.replace(/\/+$/, '')}${HTTP_PATHS.upload}`

/**
 * Saves a received file on the server against the call or appointment: CRC-32 of the bytes, then
 * `POST /files/authorization` (size, crc32, extension, type, id) for a token, then the bytes as
 * octet-stream to the upload endpoint, with progress. A refused authorization says
 * 'call.saveFiles.noAccess', a failed upload 'call.saveFiles.errorSaving', either refused because the
 * account's files fill their quota 'call.saveFiles.accountQuota'; the item goes back to received
 * with nothing lost.
 *
 * @example
 * await saveToServer(files, id)
 */
export async function saveToServer(list: TransferList, id: string): Promise<void> {
  const item = list.item(id)
  const blob = list.blob(id)
  const call = $call.get()
  if (!item || !blob || !call || item.state !== 'received' || item.direction !== 'in') return
  const extension = saveExtension(item.name, item.type)
  if (!extension) return failed(list, id, 'call.saveFiles.notAllowedType')
  list.patch(id, { state: 'saving', bytes: 0, error: null })
  list.restartMeter(id, 0)
  let token: string
  try {
    const crc32 = await crc32OfBlob(blob)
    const authorization = await api().post(HTTP_PATHS.fileAuthorization, {
      body: {
        size: blob.size,
        crc32,
        extension,
        type: item.type,
        name: item.name,
        ...(call.kind === 'meeting' ? { appointment: call.id } : { call: call.id }),
      },
      schema: FileAuthorizationResponseSchema,
    })
    token = authorization.accessToken
  } catch (error) {
    return failed(list, id, refusal(error))
  }
  try {
    const reply = await upload({
      url: uploadUrl(),
      token,
      body: blob,
      onProgress: (sent) => list.progress(id, sent),
    })
    const saved = v.parse(UploadResponseSchema, reply)
    if (list.item(id)?.state !== 'saving') return
    list.patch(id, { state: 'received', savedId: saved.id, bytes: item.size, speed: null, remainingMs: null })
    notify({ variant: 'success', messageId: 'call.saveFiles.saved', values: { name: item.name } })
  } catch (error) {
    // Another upload of the account may have taken the room between the authorization and the bytes.
    failed(list, id, accountFull(error) ? 'call.saveFiles.accountQuota' : 'call.saveFiles.errorSaving')
  }
}
