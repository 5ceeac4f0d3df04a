import { after, before } from 'node:test'
import { openPostgres } from '../../server/store/postgres-database'
import { startPostgres, type PostgresCluster } from './support/postgres-cluster'
import { TestServer } from './support/test-server'
import { describeAccountStorageQuotas } from './support/account-quotas'

// Issue 64 "storage quotas" on PostgreSQL, where the statements of parallel uploads and recorder chunks run
// side by side: the lock of the account's row, not the engine's one-at-a-time, keeps a burst within the quota.
let cluster: PostgresCluster
before(async () => {
  cluster = await startPostgres()
})
after(() => cluster?.stop())

describeAccountStorageQuotas('PostgreSQL', async () =>
  TestServer.start({
    database: openPostgres(await cluster.createDatabase('account_quotas')),
    seed: true,
  }),
)
