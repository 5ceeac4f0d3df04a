import { TestServer } from './support/test-server'
import { describeThrottleBursts } from './support/throttle-bursts'

// Issue 64 row 3 on PGlite (every statement in turn): the same bursts on PostgreSQL, where statements run
// side by side, are in throttle-bursts-postgres.test.ts.
describeThrottleBursts('PGlite', () =>
  TestServer.start({
    trustProxy: 1,
    rateLimits: { login: { max: 10_000, windowMs: 60_000 }, api: { max: 10_000, windowMs: 60_000 } },
  }),
)
