import { after, before } from 'node:test'
import { openPostgres } from '../../server/store/postgres-database'
import { startPostgres, type PostgresCluster } from './support/postgres-cluster'
import { TestServer } from './support/test-server'
import { describeThrottleBursts } from './support/throttle-bursts'

// Issue 64 row 3 on PostgreSQL, where parallel requests run their statements side by side: the row
// locks of the throttle, not the engine's one-at-a-time, are what holds the bursts back.
let cluster: PostgresCluster
let databases = 0
before(async () => {
  cluster = await startPostgres()
})
after(() => cluster?.stop())

describeThrottleBursts('PostgreSQL', async () =>
  TestServer.start({
    database: openPostgres(await cluster.createDatabase(`throttle_bursts_${++databases}`)),
    seed: true,
    trustProxy: 1,
    rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
  }),
)
