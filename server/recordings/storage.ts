import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** Where the server keeps files that are not rows: recordings' media and backups' zips. */
export interface RecordingStorage {
  /** The folder (absolute). */
  root: string
  /** The media file of a recording (the folder is made on first write). */
  recordingFile(accountId: string, recordingId: string): string
  /** The zip of a backup. */
  backupFile(accountId: string, backupId: string): string
  /** Makes the folder of a file. */
  ensureFolderOf(file: string): Promise<void>
  /** Removes a throwaway folder (a test's); a given folder stays. */
  close(): Promise<void>
}

// Ids are 24 hex characters (checked by every schema): still, never let one climb out of the folder.
const safe = (id: string) => id.replace(/[^0-9a-zA-Z_-]/g, '_')

/**
 * Opens the storage folder: `folder` when given, else a throwaway one in the system's temp folder
 * (an in-memory database gets in-memory-like files: gone when the server closes).
 *
 * @example
 * const storage = await openRecordingStorage('.data/storage')
 * const file = storage.recordingFile(accountId, id)
 */
export async function openRecordingStorage(folder: string | null): Promise<RecordingStorage> {
  const throwaway = folder === null
  const root = throwaway ? await mkdtemp(join(tmpdir(), 'agent-console-storage-')) : resolve(folder)
  await mkdir(root, { recursive: true })
  return {
    root,
    recordingFile: (accountId, id) => join(root, 'recordings', safe(accountId), `${safe(id)}.webm`),
    backupFile: (accountId, id) => join(root, 'backups', safe(accountId), `${safe(id)}.zip`),
    ensureFolderOf: async (file) => {
      await mkdir(join(file, '..'), { recursive: true })
    },
    close: async () => {
      if (throwaway) await rm(root, { recursive: true, force: true })
    },
  }
}
