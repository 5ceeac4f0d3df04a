import { ConfigError } from '../config-error'
import { ServerError } from '../errors'

/**
 * What one account may keep on the server's disk, read from the environment (docs/deployment.md lists
 * them). Each recording is bounded on its own as well (`recording-quota`, recorder-socket.ts), and
 * backups by being one at a time and a few kept (backups.ts).
 */
export interface StorageQuotas {
  /** `ACCOUNT_RECORDINGS_QUOTA_BYTES` (default 50 GiB): bytes all the account's cloud recordings store. */
  accountRecordingsBytes: number
  /** `ACCOUNT_FILES_QUOTA_BYTES` (default 5 GiB): bytes all the files saved in the account's calls store. */
  accountFilesBytes: number
}

const GIB = 1024 ** 3

/**
 * The defaults: 50 GiB is about 45 hours of calls at the demo's bitrates (five recordings of the
 * 10 GiB most one may hold), weeks of a small team's recordings yet a bound a stolen token cannot
 * push past on a common server disk; 5 GiB is fifty files of the 100 MiB most one may be.
 */
const SETTINGS: [keyof StorageQuotas, string, number][] = [
  ['accountRecordingsBytes', 'ACCOUNT_RECORDINGS_QUOTA_BYTES', 50 * GIB],
  ['accountFilesBytes', 'ACCOUNT_FILES_QUOTA_BYTES', 5 * GIB],
]

/** The storage quotas from the environment; a bad value is added to `problems` (its default is used). */
export function readStorageQuotaSettings(
  env: Record<string, string | undefined>,
  problems: string[],
): StorageQuotas {
  const quotas = {} as StorageQuotas
  for (const [key, name, fallback] of SETTINGS) {
    const text = env[name]?.trim() ?? ''
    const value = Number(text)
    const valid = /^\d+$/.test(text) && value >= 1 && Number.isSafeInteger(value)
    if (text !== '' && !valid) problems.push(`${name}=${text}: a whole number of bytes, at least 1`)
    quotas[key] = text !== '' && valid ? value : fallback
  }
  return quotas
}

/**
 * The storage quotas from the environment, checked: each a whole number of bytes from 1 to 2^53 − 1
 * (a bad value throws a `ConfigError`; `readConfig` checks them too, so the server does not start).
 *
 * @example
 * const { accountFilesBytes } = readStorageQuotas(process.env)
 */
export function readStorageQuotas(env: Record<string, string | undefined>): StorageQuotas {
  const problems: string[] = []
  const quotas = readStorageQuotaSettings(env, problems)
  if (problems.length) throw new ConfigError(problems)
  return quotas
}

/** Bytes as people read them (`5 GiB`, `1.5 MiB`), with one decimal at most. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : Math.round(value * 10) / 10} ${units[unit]}`
}

/** The refusal when the account's recordings would store more than their quota (413 `account-recordings-quota`). */
export function accountRecordingsFull(quota: number): ServerError {
  return new ServerError(
    413,
    `The account’s recordings storage is full (${formatBytes(quota)}): delete old recordings or ask an administrator`,
    { reason: 'account-recordings-quota' },
  )
}

/** The refusal when the account's saved files would store more than their quota (413 `account-files-quota`). */
export function accountFilesFull(quota: number): ServerError {
  return new ServerError(
    413,
    `The account’s file storage is full (${formatBytes(quota)}): ask an administrator to make room`,
    { reason: 'account-files-quota' },
  )
}
