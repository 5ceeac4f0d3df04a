import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ConfigError, readConfig } from '../../server/config'
import { readStorageQuotas } from '../../server/quotas/storage-quotas'
import { TestServer } from './support/test-server'
import { describeAccountStorageQuotas } from './support/account-quotas'

// Issue 64 "storage quotas" on the embedded engine (PGlite); the PostgreSQL run is account-quotas-postgres.
describeAccountStorageQuotas('PGlite', () => TestServer.start())

describe('storage quota settings', () => {
  it('default to 50 GiB of recordings and 5 GiB of files per account, and take whole numbers of bytes', () => {
    assert.deepEqual(readStorageQuotas({}), {
      accountRecordingsBytes: 50 * 1024 ** 3,
      accountFilesBytes: 5 * 1024 ** 3,
    })
    assert.deepEqual(
      readStorageQuotas({ ACCOUNT_RECORDINGS_QUOTA_BYTES: '1000', ACCOUNT_FILES_QUOTA_BYTES: ' 20 ' }),
      { accountRecordingsBytes: 1000, accountFilesBytes: 20 },
    )
  })

  it('stop the start on a value that is not a whole number of bytes, naming the setting', () => {
    for (const bad of ['0', '-1', '5GB', '1e9', '9007199254740993'])
      assert.throws(
        () => readConfig({ ACCOUNT_FILES_QUOTA_BYTES: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.some((problem) => problem.startsWith(`ACCOUNT_FILES_QUOTA_BYTES=${bad}`)),
        bad,
      )
  })
})
